import { describe, expect, it } from 'vitest'
import { linkFromSearch } from './unsubscribe'

const ORG = '01J0RG00000000000000000000'
const CONTACT = '01JC0NTACT0000000000000000'
const TOPIC = '01JT0P1C000000000000000000'
const SIGNATURE = 'a'.repeat(43)

describe('linkFromSearch', () => {
  it('reads the ids and proof of a signed link, ignoring other parameters', () => {
    const search = `?organizationId=${ORG}&contactId=${CONTACT}&topicId=${TOPIC}&keyId=k1&signature=${SIGNATURE}&utm_source=x`
    expect(linkFromSearch(search)).toEqual({
      organizationId: ORG,
      contactId: CONTACT,
      topicId: TOPIC,
      keyId: 'k1',
      signature: SIGNATURE,
    })
  })

  it('refuses an incomplete or malformed link (nothing is sent then)', () => {
    expect(linkFromSearch(`?organizationId=${ORG}&contactId=${CONTACT}`)).toBeUndefined()
    expect(
      linkFromSearch(`?organizationId=${ORG}&contactId=x&keyId=k1&signature=${SIGNATURE}`),
    ).toBeUndefined()
    expect(linkFromSearch('')).toBeUndefined()
  })
})
