import { ENV } from '@app/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod'
import { AppError } from '../errors'
import { decodeCursor, encodeCursor } from './cursor'

const Position = z.object({ id: z.string().length(3) }).strict()
const query = { list: 'things', scope: 'org-a', filters: { kind: 'x', order: 'asc' } }

function refused(run: () => unknown) {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('request.invalid')
    expect((error as AppError).status).toBe(400)
    expect((error as AppError).message).toMatch(/^query\.cursor: /)
    return
  }
  throw new Error('the cursor was accepted')
}

describe('page cursor codec', () => {
  beforeAll(() => {
    process.env[ENV.cursorKey] = 'k'.repeat(40)
  })

  it('gives back the position it signed, for the same query (filters in any order)', () => {
    const cursor = encodeCursor(query, { id: 'abc' })
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/)
    const reordered = { ...query, filters: { order: 'asc', kind: 'x', unset: undefined } }
    expect(decodeCursor(reordered, cursor, Position)).toEqual({ id: 'abc' })
  })

  it('refuses made-up, tampered, other-query and other-tenant cursors', () => {
    const cursor = encodeCursor(query, { id: 'abc' })
    const [payload, mac] = cursor.split('.') as [string, string]
    const otherPayload = Buffer.from(JSON.stringify({ id: 'abd' })).toString('base64url')
    refused(() => decodeCursor(query, 'bm90LWEtY3Vyc29y', Position))
    refused(() => decodeCursor(query, `${payload}.${'A'.repeat(43)}`, Position))
    refused(() => decodeCursor(query, `${otherPayload}.${mac}`, Position))
    refused(() => decodeCursor(query, `${cursor}.more`, Position))
    refused(() => decodeCursor({ ...query, filters: { kind: 'y', order: 'asc' } }, cursor, Position))
    refused(() => decodeCursor({ ...query, scope: 'org-b' }, cursor, Position))
    refused(() => decodeCursor({ ...query, list: 'others' }, cursor, Position))
  })

  it('refuses a signed position its list would not accept, and a cursor signed with another key', () => {
    refused(() => decodeCursor(query, encodeCursor(query, { id: 'too long' }), Position))
    const cursor = encodeCursor(query, { id: 'abc' })
    process.env[ENV.cursorKey] = 'o'.repeat(40)
    try {
      refused(() => decodeCursor(query, cursor, Position))
    } finally {
      process.env[ENV.cursorKey] = 'k'.repeat(40)
    }
  })

  it('will not sign without a key of at least 32 characters', () => {
    process.env[ENV.cursorKey] = 'short'
    try {
      expect(() => encodeCursor(query, { id: 'abc' })).toThrow(ENV.cursorKey)
    } finally {
      process.env[ENV.cursorKey] = 'k'.repeat(40)
    }
  })
})
