import type Stripe from 'stripe'
import { createdFilter, paginate } from './list'
import { type ApiRoute, LIST_PARAMS } from './router'

const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const

export const invoiceRoutes: ApiRoute[] = [
  {
    method: 'GET',
    path: '/v1/invoices',
    handler: ({ params }, context) => {
      params.accept(['customer', 'subscription', 'status', 'created', 'collection_method', ...LIST_PARAMS])
      const customer = params.string('customer')
      const subscription = params.string('subscription')
      const status = params.oneOf('status', INVOICE_STATUSES)
      const collectionMethod = params.oneOf('collection_method', ['charge_automatically', 'send_invoice'])
      const created = createdFilter(params)
      const invoices = context.store
        .list('invoices')
        .filter(
          (invoice: Stripe.Invoice) =>
            (customer === undefined || invoice.customer === customer) &&
            (subscription === undefined ||
              invoice.parent?.subscription_details?.subscription === subscription) &&
            (status === undefined || invoice.status === status) &&
            (collectionMethod === undefined || invoice.collection_method === collectionMethod) &&
            created(invoice.created),
        )
      return paginate(invoices, params, '/v1/invoices', 'invoice')
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id',
    handler: ({ params, path }, context) => {
      params.accept(['expand'])
      return context.store.get('invoices', path.id ?? '', 'invoice')
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id/lines',
    handler: ({ params, path }, context) => {
      params.accept(LIST_PARAMS)
      const invoice = context.store.get('invoices', path.id ?? '', 'invoice')
      return paginate(invoice.lines.data, params, `/v1/invoices/${invoice.id}/lines`, 'line_item')
    },
  },
  {
    method: 'GET',
    path: '/v1/events',
    handler: ({ params }, context) => {
      params.accept(['type', 'types', 'created', ...LIST_PARAMS])
      const type = params.string('type')
      const types = params.strings('types')
      const created = createdFilter(params)
      // 'invoice.*' matches every invoice event, as Stripe's type filter does
      const matches = (eventType: string, wanted: string) =>
        wanted.endsWith('.*') ? eventType.startsWith(wanted.slice(0, -1)) : eventType === wanted
      const events = context.store
        .list('events')
        .filter(
          (event) =>
            (type === undefined || matches(event.type, type)) &&
            (types === undefined || types.some((wanted) => matches(event.type, wanted))) &&
            created(event.created),
        )
      return paginate(events, params, '/v1/events', 'event')
    },
  },
  {
    method: 'GET',
    path: '/v1/events/:id',
    handler: ({ params, path }, context) => {
      params.accept(['expand'])
      return context.store.get('events', path.id ?? '', 'event')
    },
  },
]
