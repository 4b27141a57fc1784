import { describe, expect, it } from 'vitest'
import { contactData, recipientData } from './recipient-data'

const ENGINE = {
  unsubscribeUrl: 'https://studio.example/u/signed',
  postalAddress: '1 Main St',
  organizationName: 'Acme',
}

describe('a recipient’s template data', () => {
  it('is the attributes, then the address and the names that are set', () => {
    expect(
      contactData({
        email: 'ana@example.com',
        firstName: 'Ana',
        lastName: null,
        attributes: { plan: 'pro' },
      }),
    ).toEqual({ plan: 'pro', email: 'ana@example.com', firstName: 'Ana' })
    expect(contactData({ email: 'bo@example.com', firstName: '', attributes: {} })).toEqual({
      email: 'bo@example.com',
    })
  })

  it('lets the contact’s own fields win over attributes of the same name', () => {
    expect(
      contactData({ email: 'ana@example.com', firstName: 'Ana', attributes: { email: 'x', firstName: 'y' } }),
    ).toEqual({ email: 'ana@example.com', firstName: 'Ana' })
  })

  it('puts the engine’s values last: an attribute never replaces the link, address or organization', () => {
    const data = recipientData(
      {
        email: 'ana@example.com',
        attributes: { unsubscribeUrl: 'https://evil.example', postalAddress: 'no' },
      },
      ENGINE,
    )
    expect(data).toEqual({ email: 'ana@example.com', ...ENGINE })
  })
})
