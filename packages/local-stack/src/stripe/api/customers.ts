import type Stripe from 'stripe'
import type { StandInContext } from '../context'
import { changedAttributes } from '../events'
import { type CustomerFields, newCustomer, newTaxId } from '../objects/customers'
import { invalidParam, resourceMissing } from './errors'
import { paginate } from './list'
import { mergeMetadata, type Params } from './params'
import { type ApiRoute, type Deleted, LIST_PARAMS } from './router'

const CUSTOMER_FIELDS = ['name', 'email', 'phone', 'description', 'address', 'metadata', 'expand'] as const
const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'state', 'postal_code', 'country'] as const

function readAddress(params: Params): Stripe.Address | null | undefined {
  const address = params.child('address')
  if (address === undefined || address === null) return address
  address.accept(ADDRESS_FIELDS)
  const read = (key: (typeof ADDRESS_FIELDS)[number]) => address.nullableString(key, 200) ?? null
  const country = read('country')
  if (country !== null && !/^[A-Za-z]{2}$/.test(country))
    throw invalidParam('address[country]', 'Country must be a two-letter ISO code, e.g. US.')
  return {
    line1: read('line1'),
    line2: read('line2'),
    city: read('city'),
    state: read('state'),
    postal_code: read('postal_code'),
    country: country?.toUpperCase() ?? null,
  }
}

function readEmail(params: Params): string | null | undefined {
  const email = params.nullableString('email', 512)
  if (email && !/^[^\s@]+@[^\s@]+$/.test(email))
    throw invalidParam('email', `Invalid email address: ${email}`, 'email_invalid')
  return email
}

/** Stripe's tax id values, loosely: EU VAT numbers start with their country code; others need some digits. */
function readTaxId(params: Params): { type: Stripe.TaxId.Type; value: string } {
  const type = params.requiredString('type', 20)
  if (!/^[a-z]{2,3}_[a-z]+$/.test(type))
    throw invalidParam(params.name('type'), `Invalid tax id type: ${type}`)
  const value = params.requiredString('value', 100).trim()
  const compact = value.replace(/[\s.-]/g, '').toUpperCase()
  const valid = type === 'eu_vat' ? /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(compact) : /\d/.test(compact)
  if (!valid) throw invalidParam(params.name('value'), `Invalid value for ${type}.`, 'tax_id_invalid')
  return { type, value }
}

function createTaxId(
  context: StandInContext,
  customer: string,
  input: { type: Stripe.TaxId.Type; value: string },
) {
  const taxId = newTaxId(customer, input.type, input.value)
  context.store.put('taxIds', taxId.id, taxId)
  context.emit('customer.tax_id.created', taxId)
  return taxId
}

export const customerRoutes: ApiRoute[] = [
  {
    method: 'POST',
    path: '/v1/customers',
    handler: ({ params }, context) => {
      params.accept([...CUSTOMER_FIELDS, 'tax_id_data'])
      const taxIdData = params
        .children('tax_id_data')
        ?.map((item) => readTaxId(item.accept(['type', 'value'])))
      const fields: CustomerFields = {
        name: params.nullableString('name', 256) ?? null,
        email: readEmail(params) ?? null,
        phone: params.nullableString('phone', 20) ?? null,
        description: params.nullableString('description', 350) ?? null,
        address: readAddress(params) ?? null,
        metadata: mergeMetadata({}, params.metadata()),
      }
      const customer = newCustomer(fields)
      context.store.put('customers', customer.id, customer)
      context.emit('customer.created', customer)
      for (const taxId of taxIdData ?? []) createTaxId(context, customer.id, taxId)
      return customer
    },
  },
  {
    method: 'GET',
    path: '/v1/customers',
    handler: ({ params }, context) => {
      params.accept(['email', ...LIST_PARAMS])
      const email = params.string('email')
      const customers = context.store
        .list('customers')
        .filter((item) => email === undefined || item.email === email)
      return paginate(customers, params, '/v1/customers', 'customer')
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    handler: ({ params, path }, context) => {
      params.accept(['expand'])
      return context.store.get('customers', path.id ?? '', 'customer')
    },
  },
  {
    method: 'POST',
    path: '/v1/customers/:id',
    handler: ({ params, path }, context) => {
      params.accept(CUSTOMER_FIELDS)
      const customer = context.store.get('customers', path.id ?? '', 'customer')
      const before = structuredClone(customer)
      const name = params.nullableString('name', 256)
      const email = readEmail(params)
      const phone = params.nullableString('phone', 20)
      const description = params.nullableString('description', 350)
      const address = readAddress(params)
      if (name !== undefined) customer.name = name
      if (email !== undefined) customer.email = email
      if (phone !== undefined) customer.phone = phone
      if (description !== undefined) customer.description = description
      if (address !== undefined) customer.address = address
      customer.metadata = mergeMetadata(customer.metadata, params.metadata())
      context.store.save()
      const previous = changedAttributes(before, customer)
      if (Object.keys(previous).length > 0) context.emit('customer.updated', customer, previous)
      return customer
    },
  },
  {
    method: 'POST',
    path: '/v1/customers/:id/tax_ids',
    handler: ({ params, path }, context) => {
      params.accept(['type', 'value', 'expand'])
      const customer = context.store.get('customers', path.id ?? '', 'customer')
      return createTaxId(context, customer.id, readTaxId(params))
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id/tax_ids',
    handler: ({ params, path }, context) => {
      params.accept(LIST_PARAMS)
      const customer = context.store.get('customers', path.id ?? '', 'customer')
      const taxIds = context.store.list('taxIds').filter((taxId) => taxId.customer === customer.id)
      return paginate(taxIds, params, `/v1/customers/${customer.id}/tax_ids`, 'tax_id')
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id/tax_ids/:taxId',
    handler: ({ params, path }, context) => {
      params.accept(['expand'])
      return customerTaxId(context, path)
    },
  },
  {
    method: 'DELETE',
    path: '/v1/customers/:id/tax_ids/:taxId',
    handler: ({ params, path }, context): Deleted => {
      params.accept([])
      const taxId = customerTaxId(context, path)
      delete context.store.state.taxIds[taxId.id]
      context.store.save()
      context.emit('customer.tax_id.deleted', taxId)
      return { id: taxId.id, object: 'tax_id', deleted: true }
    },
  },
]

function customerTaxId(context: StandInContext, path: Record<string, string>): Stripe.TaxId {
  const customer = context.store.get('customers', path.id ?? '', 'customer')
  const taxId = context.store.get('taxIds', path.taxId ?? '', 'tax_id')
  if (taxId.customer !== customer.id) throw resourceMissing('tax_id', taxId.id)
  return taxId
}
