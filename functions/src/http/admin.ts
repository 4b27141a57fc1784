import { billingRoutes } from '@app/contracts/billing/routes'
import { BillingAdmin, PlanPrices } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

/** Operators only: the middleware refuses everyone else before any handler runs (routes are `admin: true`). */
export const handler = endpointGroup('admin', billingRoutes, {
  listAdminInvoices: ({ query }) => BillingAdmin.listInvoices(query, query.cursor),
  getInvoicesReport: ({ query }) => BillingAdmin.invoicesReport(query),
  getPlanPrices: async () => ({ prices: await PlanPrices.planPrices() }),
  syncPlanPrices: ({ log }) => PlanPrices.syncPlanPrices(log),
})
