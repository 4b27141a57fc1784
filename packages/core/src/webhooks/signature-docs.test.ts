import { WEBHOOK_HEADERS, WEBHOOK_REPLAY_TOLERANCE_SECONDS } from '@app/contracts/public-api/webhook-docs'
import { describe, expect, it } from 'vitest'
import { REPLAY_TOLERANCE_SECONDS, SECRET_PREFIX, signedHeaders } from './signature'

/** The API reference's webhook section names the headers and the replay window: they are the signer's own. */
describe('the documented webhook signature', () => {
  it('names exactly the headers a delivery is signed with, and the replay window receivers enforce', () => {
    const headers = Object.keys(signedHeaders([`${SECRET_PREFIX}AAAA`], 'e1', 1_800_000_000, '{}'))
    const documented = Object.values(WEBHOOK_HEADERS).map((name) => name.toLowerCase())
    expect(headers.filter((name) => name.startsWith('webhook-')).sort()).toEqual([...documented].sort())
    expect(WEBHOOK_REPLAY_TOLERANCE_SECONDS).toBe(REPLAY_TOLERANCE_SECONDS)
  })
})
