import { defaultTopicName } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import type { ContactRecord } from '../../audience/public'
import { classify, tallyKeyOf } from './tally'

const contact = (id: string, extra: Partial<ContactRecord> = {}) =>
  ({ id, topics: {}, unsubscribeAll: false, suppressed: null, ...extra }) as ContactRecord

describe('classify', () => {
  const contacts = new Map([
    ['a', contact('a')],
    ['b', contact('b', { unsubscribeAll: true })],
    ['c', contact('c', { suppressed: { reason: 'BOUNCED', at: '2026-01-01T00:00:00.000Z' } })],
    ['d', contact('d', { topics: { T: 'OPT_IN' } })],
    ['e', contact('e', { topics: { T: 'OPT_OUT' } })],
  ])
  const ids = ['a', 'b', 'c', 'd', 'e', 'gone']

  it('unsubscribe: those unsubscribed from everything already are counted, the rest pending', () => {
    expect(classify('unsubscribe-bounced', ids, contacts, undefined)).toEqual({
      pending: ['a', 'c', 'd', 'e'],
      tally: { already: 1, gone: 1 },
    })
  })

  it('delete: every existing contact is pending', () => {
    expect(classify('delete-bounced', ids, contacts, undefined)).toEqual({
      pending: ['a', 'b', 'c', 'd', 'e'],
      tally: { gone: 1 },
    })
  })

  it('an opted-in topic skips suppressed and unsubscribed-from-everything contacts', () => {
    expect(classify('topic-clicked', ids, contacts, 'T')).toEqual({
      pending: ['a', 'e'],
      tally: { skipped: 2, already: 1, gone: 1 },
    })
  })

  it('the unsubscribed follow-up topic takes everyone, opted out', () => {
    expect(classify('topic-unsubscribed', ids, contacts, 'T')).toEqual({
      pending: ['a', 'b', 'c', 'd'],
      tally: { already: 1, gone: 1 },
    })
  })
})

describe('tallyKeyOf', () => {
  it('counts a first pass as it finds it', () => {
    expect(tallyKeyOf('unsubscribe-bounced', 'changed', false)).toBe('unsubscribed')
    expect(tallyKeyOf('unsubscribe-bounced', 'unchanged', false)).toBe('already')
    expect(tallyKeyOf('delete-bounced', 'gone', false)).toBe('gone')
    expect(tallyKeyOf('topic-opened', 'skipped', false)).toBe('skipped')
    expect(tallyKeyOf('topic-unsubscribed', 'changed', false)).toBe('optedOut')
  })

  it('a resumed page counts the changes it made before the cut as its own', () => {
    expect(tallyKeyOf('unsubscribe-bounced', 'unchanged', true)).toBe('unsubscribed')
    expect(tallyKeyOf('topic-clicked', 'unchanged', true)).toBe('optedIn')
    expect(tallyKeyOf('delete-bounced', 'gone', true)).toBe('deleted')
    expect(tallyKeyOf('topic-clicked', 'gone', true)).toBe('gone')
  })
})

describe('defaultTopicName', () => {
  it('names the outcome and the campaign', () => {
    expect(defaultTopicName('topic-opened', 'June news')).toBe('Opened “June news”')
    expect(defaultTopicName('topic-unsubscribed', 'June news')).toBe('Unsubscribed from “June news”')
  })

  it('stays within 100 characters without splitting a character', () => {
    const name = defaultTopicName('topic-clicked', `${'x'.repeat(85)}😀😀😀😀😀😀`)
    expect(name.length).toBeLessThanOrEqual(100)
    expect(name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
    expect(name.endsWith('…”')).toBe(true)
  })
})
