import { describe, expect, it } from 'vitest'
import {
  blockChanges,
  blockCopyName,
  blockNameProblem,
  searchForType,
  typeFromSearch,
  usedByText,
} from './block-display'

describe('blockNameProblem', () => {
  it('accepts letters, digits, spaces, _ and -', () => {
    expect(blockNameProblem('Footer 2024_v-1')).toBeUndefined()
    expect(blockNameProblem('  Header  ')).toBeUndefined()
  })

  it('asks for a name and refuses other characters or more than 64', () => {
    expect(blockNameProblem('   ')).toBe('Name the block.')
    expect(blockNameProblem('Footer!')).toMatch(/letters, digits, spaces/)
    expect(blockNameProblem('a'.repeat(65))).toMatch(/1–64/)
    expect(blockNameProblem('a'.repeat(64))).toBeUndefined()
  })

  it('refuses a name another block has (case-sensitive, as the API)', () => {
    const taken = new Set(['Footer'])
    expect(blockNameProblem('Footer', taken)).toMatch(/Another block/)
    expect(blockNameProblem(' Footer ', taken)).toMatch(/Another block/)
    expect(blockNameProblem('footer', taken)).toBeUndefined()
  })
})

describe('blockCopyName', () => {
  it('adds copy, then a number, and stays valid', () => {
    expect(blockCopyName('Footer')).toBe('Footer copy')
    expect(blockCopyName('Footer', new Set(['Footer copy']))).toBe('Footer copy 2')
    const long = blockCopyName('x'.repeat(64))
    expect(long).toHaveLength(64)
    expect(blockNameProblem(long)).toBeUndefined()
  })
})

describe('usedByText', () => {
  it('counts templates', () => {
    expect(usedByText(0)).toBe('Not used yet')
    expect(usedByText(1)).toBe('Used by 1 template')
    expect(usedByText(3)).toBe('Used by 3 templates')
  })
})

describe('the type filter in the address', () => {
  it('reads known types in any case and drops the rest', () => {
    expect(typeFromSearch(new URLSearchParams('type=mjml'))).toBe('MJML')
    expect(typeFromSearch(new URLSearchParams('type=VISUAL'))).toBe('VISUAL')
    expect(typeFromSearch(new URLSearchParams('type=pdf'))).toBeUndefined()
    expect(typeFromSearch(new URLSearchParams())).toBeUndefined()
  })

  it('writes the type and keeps other parameters', () => {
    expect(searchForType(new URLSearchParams('a=1'), 'HTML').toString()).toBe('a=1&type=html')
    expect(searchForType(new URLSearchParams('a=1&type=html'), undefined).toString()).toBe('a=1')
  })
})

describe('blockChanges', () => {
  const saved = { name: 'Footer', source: 'stored' }
  const same = (source: string) => source

  it('sends only what changed', () => {
    expect(blockChanges(saved, { name: 'Footer', source: 'stored' }, same)).toEqual({
      ok: true,
      body: {},
      dirty: false,
    })
    expect(blockChanges(saved, { name: ' Footer 2 ', source: 'stored' }, same)).toEqual({
      ok: true,
      body: { name: 'Footer 2' },
      dirty: true,
    })
    expect(blockChanges(saved, { name: 'Footer', source: 'new' }, same)).toEqual({
      ok: true,
      body: { source: 'new' },
      dirty: true,
    })
  })

  it('compares what would be stored, and refuses a document without blocks', () => {
    expect(blockChanges(saved, { name: 'Footer', source: 'doc' }, () => 'stored').dirty).toBe(false)
    expect(blockChanges(saved, { name: 'Footer', source: 'doc' }, () => undefined)).toEqual({
      ok: false,
      problem: 'A block holds at least one block.',
      dirty: true,
    })
  })
})
