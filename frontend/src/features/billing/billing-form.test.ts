import { describe, expect, it } from 'vitest'
import { type BillingFormValues, billingBodyFrom, billingFormValues } from './billing-form'

const EMPTY: BillingFormValues = billingFormValues({
  companyName: null,
  email: null,
  address: null,
  taxId: null,
})

describe('billingFormValues', () => {
  it('starts empty without details and round-trips saved ones', () => {
    expect(Object.values(EMPTY).every((value) => value === '')).toBe(true)
    const values = billingFormValues({
      companyName: 'Acme GmbH',
      email: 'billing@acme.test',
      address: {
        line1: 'Hauptstr. 1',
        line2: null,
        city: 'Berlin',
        postalCode: '10115',
        state: null,
        country: 'DE',
      },
      taxId: { type: 'eu_vat', value: 'DE123456789' },
    })
    expect(values).toMatchObject({ line1: 'Hauptstr. 1', line2: '', taxIdType: 'eu_vat' })
  })
})

describe('billingBodyFrom', () => {
  it('sends nulls for a blank form', () => {
    expect(billingBodyFrom(EMPTY)).toEqual({
      ok: true,
      body: { companyName: null, email: null, address: null, taxId: null },
    })
  })

  it('trims, upper-cases the country and lower-cases the email as the API does', () => {
    const result = billingBodyFrom({
      ...EMPTY,
      companyName: ' Acme GmbH ',
      email: 'Billing@Acme.TEST',
      line1: 'Hauptstr. 1',
      city: 'Berlin',
      country: 'de',
      taxIdType: 'eu_vat',
      taxIdValue: 'DE123456789',
    })
    expect(result).toEqual({
      ok: true,
      body: {
        companyName: 'Acme GmbH',
        email: 'billing@acme.test',
        address: {
          line1: 'Hauptstr. 1',
          line2: null,
          city: 'Berlin',
          postalCode: null,
          state: null,
          country: 'DE',
        },
        taxId: { type: 'eu_vat', value: 'DE123456789' },
      },
    })
  })

  it('names the fields a partial address is missing', () => {
    const result = billingBodyFrom({ ...EMPTY, line1: 'Hauptstr. 1', country: 'Germany' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.city).toBe('City is required.')
    expect(result.errors.country).toMatch(/two-letter code/)
    expect(result.errors.line1).toBeUndefined()
  })

  it('checks the email and the tax id', () => {
    const result = billingBodyFrom({ ...EMPTY, email: 'not-an-email', taxIdValue: 'DE123' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.email).toBe('Enter a valid email address.')
    expect(result.errors.taxIdType).toBe('Choose the kind of tax id.')

    const badValue = billingBodyFrom({ ...EMPTY, taxIdType: 'eu_vat', taxIdValue: '#' })
    expect(badValue.ok === false && badValue.errors.taxIdValue).toMatch(/tax id as printed/)
  })
})
