import { Billing } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('billing', {
  createCheckoutSession: ({ actor, body }) => Billing.createCheckoutSession(actor, body),
  createCustomerPortal: ({ actor, body }) => Billing.createCustomerPortal(actor, body),
  listInvoices: ({ actor, query }) => Billing.listInvoices(actor, query.organizationId, query.cursor),
  getBilling: ({ actor, query }) => Billing.getBilling(actor, query.organizationId),
  updateBilling: ({ actor, query, body }) => Billing.updateBilling(actor, query.organizationId, body),
})
