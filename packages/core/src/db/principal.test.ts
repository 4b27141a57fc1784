import { describe, expect, it } from 'vitest'
import { authorItem, principalItem } from './principal'

describe('stored principals', () => {
  it('reads a principal as written, and an author written before principals as that user', () => {
    const key = { type: 'apiKey', keyId: 'key-1' }
    expect(principalItem.parse(key)).toEqual(key)
    expect(principalItem.parse({ accountId: 'acc-1', email: 'ada@example.com' })).toEqual({
      type: 'user',
      accountId: 'acc-1',
      email: 'ada@example.com',
    })
    expect(principalItem.safeParse(null).success).toBe(false)
  })

  it('reads a missing author, where one was optional, as the system', () => {
    const jobAuthor = authorItem('jobs')
    expect(jobAuthor.parse(null)).toEqual({ type: 'system', name: 'jobs' })
    expect(jobAuthor.parse(undefined)).toEqual({ type: 'system', name: 'jobs' })
    expect(jobAuthor.parse({ type: 'system', name: 'scheduler' })).toEqual({
      type: 'system',
      name: 'scheduler',
    })
  })
})
