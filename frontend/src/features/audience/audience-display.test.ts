import type { ConsentEntry } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  bulkResultText,
  contactName,
  contactStateBadge,
  effectiveStatus,
  subscribedTopicNames,
  subscriptionWhy,
  suppressionSyncText,
  trailChanges,
} from './audience-display'

const NEWS = { id: '01JC0000000000000000000001', name: 'News', defaultSubscriptionStatus: 'OPT_OUT' as const }
const DIGEST = {
  id: '01JC0000000000000000000002',
  name: 'Digest',
  defaultSubscriptionStatus: 'OPT_IN' as const,
}
const plain = { unsubscribeAll: false, suppressed: null, topicPreferences: [] }

describe('effective status (the API rule, for the list)', () => {
  it('takes the choice, else the default; unsubscribe-all and suppression win', () => {
    expect(effectiveStatus(plain, NEWS)).toEqual({ status: 'OPT_OUT', explicit: false })
    expect(effectiveStatus(plain, DIGEST)).toEqual({ status: 'OPT_IN', explicit: false })
    const chose = { ...plain, topicPreferences: [{ topicId: NEWS.id, status: 'OPT_IN' as const }] }
    expect(effectiveStatus(chose, NEWS)).toEqual({ status: 'OPT_IN', explicit: true })
    expect(effectiveStatus({ ...chose, unsubscribeAll: true }, NEWS).status).toBe('OPT_OUT')
    const suppressed = {
      ...chose,
      suppressed: { reason: 'BOUNCED' as const, at: '2026-11-25T08:00:00.000Z' },
    }
    expect(effectiveStatus(suppressed, NEWS).status).toBe('OPT_OUT')
    expect(subscribedTopicNames(chose, [NEWS, DIGEST] as never)).toEqual(['News', 'Digest'])
    expect(contactStateBadge(suppressed)?.label).toBe('Suppressed')
    expect(contactStateBadge({ ...plain, unsubscribeAll: true })?.label).toBe('Unsubscribed from all')
    expect(contactStateBadge(plain)).toBeUndefined()
  })

  it('names a contact from its first and last name', () => {
    expect(contactName({ firstName: 'Ana', lastName: 'Lima' })).toBe('Ana Lima')
    expect(contactName({ firstName: null, lastName: ' ' })).toBe('')
  })
})

describe('trailChanges / bulkResultText', () => {
  it('says each change of a trail entry in words', () => {
    const entry: ConsentEntry = {
      at: '2026-11-25T08:00:00.000Z',
      source: 'unsubscribe-page',
      by: null,
      changes: [
        { topicId: NEWS.id, from: 'OPT_IN', to: 'OPT_OUT' },
        { topicId: '01JC0000000000000000000007', from: null, to: 'OPT_IN' },
      ],
      unsubscribeAll: { from: false, to: true },
      suppression: { from: null, to: 'UNSUBSCRIBED' },
    }
    expect(trailChanges(entry, [NEWS])).toEqual([
      'News: Subscribed → Unsubscribed',
      'A deleted topic: no choice → Subscribed',
      'Unsubscribed from everything',
      'Suppressed (unsubscribed)',
    ])
  })

  it('sums up a bulk change', () => {
    expect(bulkResultText({ succeeded: 1, notFound: 0, suppressed: 0 })).toBe('1 contact.')
    expect(bulkResultText({ succeeded: 12, notFound: 1, suppressed: 2 })).toBe(
      '12 contacts; 1 no longer existed; 2 stayed unsubscribed (suppressed).',
    )
  })
})

describe('when the SES suppression list was last read', () => {
  const base = {
    awsAccountId: '01JC0000000000000000000009',
    awsAccountName: 'Production',
    region: 'us-east-1',
    jobId: null,
    startedAt: null,
    lastRanAt: '2026-11-03T04:17:00.000Z',
    counts: { read: 1204, suppressed: 1, alreadySuppressed: 1203 },
    error: null,
  }
  const date = (iso: string) => `on ${iso.slice(0, 10)}`

  it('says never, running (figures so far), failed or when with what it found', () => {
    expect(suppressionSyncText({ ...base, state: 'never', lastRanAt: null }, date)).toMatch(/^Never read yet/)
    expect(suppressionSyncText({ ...base, state: 'running' }, date)).toBe(
      'Reading the list now: 1,204 addresses, 1 newly suppressed so far.',
    )
    expect(suppressionSyncText({ ...base, state: 'failed' }, date)).toBe(
      'The last read, on 2026-11-03, failed. It is read again every day.',
    )
    expect(suppressionSyncText({ ...base, state: 'succeeded' }, date)).toBe(
      'Last read on 2026-11-03: 1,204 addresses, 1 newly suppressed. It is read again every day.',
    )
  })
})

describe('subscriptionWhy', () => {
  const topic = { topicId: NEWS.id, explicit: true }
  const suppressed = (reason: 'COMPLAINED' | 'BOUNCED' | 'UNSUBSCRIBED') => ({
    unsubscribeAll: false,
    suppression: {
      all: { reason, at: '2026-11-28T10:00:00.000Z', source: 'complaint' as const },
      topicOptOuts: [],
      updatedAt: '2026-11-28T10:00:00.000Z',
    },
  })

  it('names a complaint, not their own choice, when a complaint suppressed the contact', () => {
    expect(subscriptionWhy(suppressed('COMPLAINED'), topic)).toBe('suppressed: they marked a message as spam')
  })

  it('tells a bounce and an unsubscribe-all apart from a complaint', () => {
    expect(subscriptionWhy(suppressed('BOUNCED'), topic)).toBe('suppressed: their address bounced')
    expect(subscriptionWhy(suppressed('UNSUBSCRIBED'), topic)).toBe('unsubscribed from everything')
    expect(subscriptionWhy({ unsubscribeAll: true, suppression: null }, topic)).toBe(
      'unsubscribed from everything',
    )
  })

  it('says their choice, their leaving or the topic default when nothing overrides', () => {
    const left = {
      unsubscribeAll: false,
      suppression: { all: null, topicOptOuts: [NEWS.id], updatedAt: '2026-11-28T10:00:00.000Z' },
    }
    expect(subscriptionWhy(left, topic)).toBe('they left this topic')
    expect(subscriptionWhy({ unsubscribeAll: false, suppression: null }, topic)).toBe('their choice')
    expect(subscriptionWhy({ unsubscribeAll: false, suppression: null }, { ...topic, explicit: false })).toBe(
      'topic default',
    )
  })
})
