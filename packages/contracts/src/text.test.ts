import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import {
  atLeastOneField,
  isSafeName,
  isSingleLine,
  isWellFormedText,
  safeName,
  singleLine,
  uniqueItems,
  wellFormedText,
} from './text'

const LONE_HIGH = '\uD800'
const LONE_LOW = '\uDC00'
const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']
const CONTROLS = ['\u0000', '\u001B', '\r', '\n', '\t', '\u007F', '\u0085', '\u009B']

describe('safeName', () => {
  it('accepts names in any script, with emoji (surrogate pairs) and punctuation', () => {
    for (const name of [
      'Acme Inc.',
      'Müller & Söhne',
      'شركة',
      '株式会社テスト',
      'Rocket 🚀 Co',
      "O'Brien-Smith (EU)",
    ])
      expect(isSafeName(name), name).toBe(true)
  })

  it('refuses control characters, line breaks and C1 controls', () => {
    for (const control of CONTROLS)
      expect(isSafeName(`Acme${control}Inc`), JSON.stringify(control)).toBe(false)
  })

  it('refuses every bidi embedding, override and isolate', () => {
    for (const bidi of BIDI) expect(isSafeName(`invoice${bidi}fdp.exe`), bidi).toBe(false)
  })

  it('refuses lone surrogates, high or low, anywhere, but not pairs', () => {
    for (const name of [
      LONE_HIGH,
      `a${LONE_HIGH}`,
      `${LONE_LOW}a`,
      `a${LONE_LOW}${LONE_HIGH}b`,
      `🚀${LONE_HIGH}`,
    ])
      expect(isSafeName(name), JSON.stringify(name)).toBe(false)
    expect(isSafeName('\uD83D\uDE80')).toBe(true)
  })

  it('names the thing in its message and keeps the other rules of the schema', () => {
    const schema = safeName(z.string().trim().max(5), 'The company name')
    expect(schema.safeParse('  ab ').data).toBe('ab')
    expect(schema.safeParse('abcdef').success).toBe(false)
    expect(schema.safeParse('a\nb').error?.issues[0]?.message).toMatch(
      /^The company name cannot contain line breaks/,
    )
  })
})

describe('singleLine', () => {
  it('refuses CR, LF, NUL and ESC and lone surrogates but keeps direction marks for RTL text', () => {
    for (const control of CONTROLS) expect(isSingleLine(`Hello${control}`)).toBe(false)
    expect(isSingleLine(`Hello ${LONE_LOW}`)).toBe(false)
    expect(isSingleLine('مرحبا \u2067{{name}}\u2069!')).toBe(true)
    expect(singleLine(z.string(), 'A subject').safeParse('a\r\nBcc: x@y.z').error?.issues[0]?.message).toBe(
      'A subject is one line, without control characters or broken characters.',
    )
  })
})

describe('wellFormedText', () => {
  it('keeps tab, CR and LF, refuses other controls and lone surrogates', () => {
    expect(isWellFormedText('line 1\r\nline 2\ttabbed 🚀')).toBe(true)
    for (const bad of ['\u0000', '\u001B[31m', '\u0008', `x${LONE_HIGH}`, `${LONE_LOW}x`])
      expect(isWellFormedText(bad), JSON.stringify(bad)).toBe(false)
  })

  it('checks 500 KB quickly and documents itself', () => {
    const big = `${'<p>Hello 🚀</p>\n'.repeat(32_000)}`
    const started = performance.now()
    expect(wellFormedText(z.string()).safeParse(big).success).toBe(true)
    expect(performance.now() - started).toBeLessThan(500)
    expect(z.toJSONSchema(wellFormedText(z.string()))).toMatchObject({
      description: expect.stringMatching(/surrogates/),
    })
  })
})

describe('list and body helpers', () => {
  it('uniqueItems refuses duplicates and says so in JSON Schema', () => {
    const schema = uniqueItems(z.array(z.string()), 'Each id once.')
    expect(schema.safeParse(['a', 'b']).success).toBe(true)
    expect(schema.safeParse(['a', 'a']).error?.issues[0]?.message).toBe('Each id once.')
    expect(z.toJSONSchema(schema)).toMatchObject({ uniqueItems: true })
  })

  it('atLeastOneField refuses {} and says minProperties: 1', () => {
    const schema = atLeastOneField(z.object({ name: z.string() }).partial().strict())
    expect(schema.safeParse({}).success).toBe(false)
    expect(schema.safeParse({ name: 'x' }).success).toBe(true)
    expect(z.toJSONSchema(schema)).toMatchObject({ minProperties: 1 })
  })

  it('shows the name rule as a pattern that agrees with the check', () => {
    const json = z.toJSONSchema(safeName(z.string())) as { pattern: string }
    const pattern = new RegExp(json.pattern)
    for (const value of ['ok name', 'a\u202Eb', `x${LONE_HIGH}`, 'a\u0000', '🚀'])
      expect(pattern.test(value), JSON.stringify(value)).toBe(isSafeName(value))
  })
})
