import { describe, expect, it } from 'vitest'
import { matchOperation } from './operations'

describe('matchOperation', () => {
  it('names SES v2 calls by method and path', () => {
    expect(matchOperation('POST', '/v2/email/outbound-emails')).toEqual({ name: 'SendEmail', params: {} })
    expect(matchOperation('GET', '/v2/email/identities/a%40b.com')).toEqual({
      name: 'GetEmailIdentity',
      params: { EmailIdentity: 'a@b.com' },
    })
    expect(matchOperation('POST', '/v2/email/contact-lists/news/contacts/list')?.name).toBe('ListContacts')
  })

  it('knows nothing else', () => {
    expect(matchOperation('PATCH', '/v2/email/outbound-emails')).toBeUndefined()
    expect(matchOperation('GET', '/v2/email/unknown')).toBeUndefined()
  })
})
