import { describe, expect, it } from 'vitest'
import type { ContactRecord } from '../public'
import { contactLines } from './csv'

const contact = {
  email: 'jose@example.com',
  firstName: 'José',
  lastName: '山田',
  unsubscribeAll: false,
  suppressed: null,
  attributes: { city: 'Zürich' },
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
} as unknown as ContactRecord

describe('contactLines', () => {
  it('starts the file (its header) with a UTF-8 BOM so Excel reads José and 山田', () => {
    const header = contactLines([], undefined, true)
    expect(Buffer.from(header, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    expect(header.slice(1).startsWith('email,firstName,lastName,')).toBe(true)
  })

  it('writes no BOM in the middle of the file, before later pages of rows', () => {
    const lines = contactLines([contact])
    expect(lines.startsWith('jose@example.com,José,山田,')).toBe(true)
    expect(lines).not.toContain('\uFEFF')
  })
})
