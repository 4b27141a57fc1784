import { CONTACT_EXPORT_COLUMNS } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors'
import { attributeNameOf, checkRow, resolveColumns } from './rows'
import { SeenEmails } from './seen-emails'

describe('resolveColumns', () => {
  it('finds the email column and names the others as attributes by default', () => {
    expect(resolveColumns(['First name', ' E-Mail ', 'last_name', 'Ünïcode Côde', '%%'], undefined)).toEqual({
      email: 1,
      attributes: { firstName: 0, lastName: 2, unicodeCode: 3 },
    })
  })

  it('follows a mapping and refuses missing or repeated columns', () => {
    expect(
      resolveColumns(['Mail', 'Vorname'], { email: 'Mail', attributes: { firstName: 'Vorname' } }),
    ).toEqual({ email: 0, attributes: { firstName: 1 } })
    expect(() => resolveColumns(['Mail'], { email: 'Email', attributes: {} })).toThrow(
      /no column named "Email"/,
    )
    expect(() => resolveColumns(['a', 'a'], { email: 'a', attributes: {} })).toThrow(/2 columns named "a"/)
    const noEmail = (() => {
      try {
        resolveColumns(['name'], undefined)
      } catch (error) {
        return error
      }
    })()
    expect(noEmail).toBeInstanceOf(AppError)
    expect((noEmail as AppError).code).toBe('contact_import.invalid_file')
  })

  it('reads our own export without a mapping: bookkeeping columns skipped, `attributes` as JSON', () => {
    const header = [...CONTACT_EXPORT_COLUMNS, 'plan']
    expect(resolveColumns(header, undefined)).toEqual({
      email: 0,
      attributes: { firstName: 1, lastName: 2, plan: 9 },
      attributesJson: 6,
    })
    // Another file with a column named `attributes` keeps it as an attribute like any other.
    expect(resolveColumns(['email', 'attributes'], undefined)).toEqual({
      email: 0,
      attributes: { attributes: 1 },
    })
    expect(
      resolveColumns(['Mail', 'extra'], { email: 'Mail', attributes: {}, attributesJson: 'extra' }),
    ).toEqual({ email: 0, attributes: {}, attributesJson: 1 })
  })

  it('turns headers into attribute names', () => {
    expect(attributeNameOf('Company Name')).toBe('companyName')
    expect(attributeNameOf('1st')).toBeUndefined()
  })
})

describe('checkRow', () => {
  const columns = { email: 0, attributes: { firstName: 1, note: 2 } }

  it('normalises emails and refuses missing, invalid and repeated ones', () => {
    const seen = new SeenEmails()
    expect(checkRow([' Ana@Example.COM ', 'Ana', ''], columns, seen)).toEqual({
      valid: true,
      email: 'ana@example.com',
      attributes: { firstName: 'Ana' },
    })
    expect(checkRow(['ana@example.com', 'Again'], columns, seen)).toEqual({
      valid: false,
      reason: 'email.duplicate',
    })
    expect(checkRow(['', 'x'], columns, seen)).toEqual({ valid: false, reason: 'email.missing' })
    expect(checkRow(['not-an-email'], columns, seen)).toEqual({ valid: false, reason: 'email.invalid' })
    expect(checkRow(['a@b'], columns, seen)).toEqual({ valid: false, reason: 'email.invalid' })
  })

  it('refuses a Unicode local part, which SES cannot send to, and writes a Unicode domain in Punycode', () => {
    const seen = new SeenEmails()
    expect(checkRow(['zoë@example.com', 'Zoë'], columns, seen)).toEqual({
      valid: false,
      reason: 'email.unicode_local_part',
    })
    expect(checkRow(['Jörg@Bücher.de', 'Jörg'], columns, seen)).toEqual({
      valid: false,
      reason: 'email.unicode_local_part',
    })
    expect(checkRow(['info@Bücher.de'], columns, seen)).toMatchObject({
      valid: true,
      email: 'info@xn--bcher-kva.de',
    })
    expect(checkRow(['info@xn--bcher-kva.de'], columns, seen)).toEqual({
      valid: false,
      reason: 'email.duplicate',
    })
  })

  it('joins a multi-line cell into one line and refuses control characters or overlong values', () => {
    const seen = new SeenEmails()
    expect(checkRow(['a@example.com', 'Zoë', 'two\r\nlines'], columns, seen)).toMatchObject({
      attributes: { firstName: 'Zoë', note: 'two lines' },
    })
    expect(checkRow(['b@example.com', 'x\u0007'], columns, seen)).toEqual({
      valid: false,
      reason: 'attribute.invalid',
    })
    expect(checkRow(['c@example.com', 'x'.repeat(1001)], columns, seen)).toEqual({
      valid: false,
      reason: 'attribute.invalid',
    })
  })
})

describe('SeenEmails', () => {
  it('remembers many emails in little memory and rebuilds from what it handed out', () => {
    const seen = new SeenEmails()
    for (let i = 0; i < 50_000; i += 1) expect(seen.add(`user${i}@example.com`)).toBe('new')
    expect(seen.add('user49999@example.com')).toBe('repeat')
    const first = seen.takeAdded()
    expect(first.length).toBe(50_000 * 8)
    seen.add('later@example.com')
    const second = seen.takeAdded()

    const resumed = new SeenEmails()
    resumed.reserve(50_001)
    resumed.addAll(first)
    resumed.addAll(second)
    expect(resumed.size).toBe(50_001)
    expect(resumed.add('user123@example.com')).toBe('repeat')
    expect(resumed.add('later@example.com')).toBe('repeat')
    expect(resumed.add('new@example.com')).toBe('new')
  })

  it('holds at most its capacity: a new email past it is refused, repeats are still found', () => {
    const seen = new SeenEmails(3)
    for (const email of ['a@x.com', 'b@x.com', 'c@x.com']) expect(seen.add(email)).toBe('new')
    expect(seen.add('d@x.com')).toBe('full')
    expect(seen.add('b@x.com')).toBe('repeat')
    expect(seen.size).toBe(3)
    expect(seen.takeAdded().length).toBe(3 * 8)
    const columns = { email: 0, attributes: {} }
    expect(checkRow(['e@x.com'], columns, seen)).toEqual({ valid: false, reason: 'email.over_limit' })
    expect(checkRow(['c@x.com'], columns, seen)).toEqual({ valid: false, reason: 'email.duplicate' })
  })

  it('unpacks a JSON attributes cell; a mapped column of the same name wins; a bad cell refuses the row', () => {
    const json = { email: 0, attributes: { firstName: 1 }, attributesJson: 2 }
    const seen = new SeenEmails()
    expect(
      checkRow(
        ['a@example.com', 'Ana', '{"city":"Zürich","vip":true,"firstName":"Other","n":3}'],
        json,
        seen,
      ),
    ).toEqual({
      valid: true,
      email: 'a@example.com',
      attributes: { city: 'Zürich', vip: 'true', n: '3', firstName: 'Ana' },
    })
    expect(checkRow(['b@example.com', '', ''], json, seen)).toEqual({
      valid: true,
      email: 'b@example.com',
      attributes: {},
    })
    for (const [n, cell] of [
      '{not json',
      '[1,2]',
      '"text"',
      '{"constructor":"x"}',
      '{"bad name":"x"}',
      '{"nested":{"a":1}}',
      '{"line":"a\\nb"}',
      JSON.stringify(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`a${i}`, 'x']))),
    ].entries())
      expect(checkRow([`c${n}@example.com`, '', cell], json, seen)).toEqual({
        valid: false,
        reason: 'attribute.invalid',
      })
  })
})
