import { describe, expect, it } from 'vitest'
import { StripeApiError } from './errors'
import { mergeMetadata, Params } from './params'

const errorOf = (read: () => unknown) => {
  try {
    read()
  } catch (error) {
    if (error instanceof StripeApiError) return { status: error.status, ...error.body }
  }
  throw new Error('expected a StripeApiError')
}

describe('Params', () => {
  it('reads the SDK’s bracket notation', () => {
    const params = Params.parse(
      'line_items[0][price]=price_1&line_items[0][quantity]=2&metadata[organizationId]=org&expand[0]=data.product&expand[1]=customer',
    )
    const [item] = params.children('line_items') ?? []
    expect(item?.string('price')).toBe('price_1')
    expect(item?.integer('quantity')).toBe(2)
    expect(params.metadata()).toEqual({ organizationId: 'org' })
    expect(params.strings('expand')).toEqual(['data.product', 'customer'])
  })

  it('names a bad parameter by its full path', () => {
    const [item] = Params.parse('line_items[0][quantity]=two').children('line_items') ?? []
    expect(errorOf(() => item?.integer('quantity'))).toMatchObject({
      status: 400,
      param: 'line_items[0][quantity]',
    })
    expect(errorOf(() => Params.parse('colour=red').accept(['name']))).toMatchObject({
      param: 'colour',
      code: 'parameter_unknown',
    })
    expect(errorOf(() => Params.parse('name=').requiredString('name'))).toMatchObject({
      code: 'parameter_missing',
    })
  })

  it('treats an empty string as unsetting, as Stripe does', () => {
    const params = Params.parse('email=&address=&metadata[plan]=&metadata[note]=kept')
    expect(params.nullableString('email')).toBeNull()
    expect(params.child('address')).toBeNull()
    expect(mergeMetadata({ plan: 'TEAM', other: 'x' }, params.metadata())).toEqual({
      other: 'x',
      note: 'kept',
    })
    expect(mergeMetadata({ plan: 'TEAM' }, Params.parse('metadata=').metadata())).toEqual({})
  })
})
