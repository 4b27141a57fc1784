import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import { batchGet } from '../db/batch'
import { clearMark, markOnce } from './once'

const key = () => ({ PK: `TEST#${ulid()}`, SK: 'ONCE' })

describe('markOnce', () => {
  it('answers true to the first caller only, until the mark is cleared', async () => {
    const mark = key()
    expect(await markOnce(mark, { entity: 'TestMark' })).toBe(true)
    expect(await markOnce(mark, { entity: 'TestMark' })).toBe(false)
    await clearMark(mark)
    expect(await markOnce(mark, { entity: 'TestMark' })).toBe(true)
  })

  it('lets exactly one of 20 concurrent callers be first', async () => {
    const mark = key()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => markOnce(mark, { entity: 'TestMark' })),
    )
    expect(answers.filter(Boolean)).toHaveLength(1)
  })

  it('writes the entity, when, and an expiry when given a TTL', async () => {
    const mark = key()
    const now = Date.parse('2026-03-01T10:00:00.000Z')
    await markOnce(mark, { entity: 'TestMark', ttlSeconds: 60, now })
    expect((await batchGet([mark], { consistent: true }))[0]).toMatchObject({
      entity: 'TestMark',
      at: '2026-03-01T10:00:00.000Z',
      expiresAt: now / 1000 + 60,
    })
  })
})
