import { billingRoutes } from '@app/contracts/billing/routes'
import { Billing } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('billing', billingRoutes, {
  createCheckoutSession: ({ context, body }) => Billing.createCheckoutSession(context, body),
  createCustomerPortal: ({ context, body }) => Billing.createCustomerPortal(context, body),
  listInvoices: ({ context, query }) => Billing.listInvoices(context, query.cursor),
  getBilling: ({ context }) => Billing.getBilling(context),
  updateBilling: ({ context, body }) => Billing.updateBilling(context, body),
})
