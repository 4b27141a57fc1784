import { describe, expect, it } from 'vitest'
import { decide, type RecipientActivity } from './decide'
import { bucketOf, type EngagementEvent, isMachineOpen } from './model'
import { timelineOf, warningsOf } from './report'

const event = (type: EngagementEvent['type'], extra: Partial<EngagementEvent> = {}): EngagementEvent => ({
  orgId: 'o',
  campaignId: 'c',
  contactId: 'r',
  type,
  sesMessageId: 'm',
  at: '2026-11-25T10:30:00.000Z',
  sentAt: '2026-11-25T10:00:00.000Z',
  ...extra,
})

/** Applies events in order the way the transaction does (the state after each). */
function play(events: EngagementEvent[]) {
  let state: RecipientActivity = {}
  const totals: Record<string, number> = {}
  for (const next of events) {
    const change = decide(next, state)
    for (const [field, by] of Object.entries(change.counters))
      totals[field] = (totals[field] ?? 0) + (by ?? 0)
    state = { ...state, ...(change.set as RecipientActivity) }
  }
  return totals
}

describe('campaign report rules', () => {
  it('SES thresholds: warning at 5 % bounces and 0.1 % complaints, critical at 10 % and 0.5 %', () => {
    expect(warningsOf({ bounce: 0.049, complaint: 0.0009 })).toEqual([])
    expect(warningsOf({ bounce: 0.05, complaint: 0.001 })).toEqual([
      { kind: 'bounce', level: 'warning', rate: 0.05, threshold: 0.05 },
      { kind: 'complaint', level: 'warning', rate: 0.001, threshold: 0.001 },
    ])
    expect(warningsOf({ bounce: 0.1, complaint: 0.005 }).map((w) => w.level)).toEqual([
      'critical',
      'critical',
    ])
    expect(warningsOf({ bounce: null, complaint: null })).toEqual([])
  })

  it('a hard bounce takes the recipient out of delivered whichever comes first', () => {
    const delivery = event('DELIVERY')
    const bounce = event('BOUNCE', { bounce: { type: 'Permanent', subType: 'General' } })
    for (const order of [
      [delivery, bounce],
      [bounce, delivery],
    ]) {
      const totals = play(order)
      expect([totals.delivered ?? 0, totals.hardBounces]).toEqual([0, 1])
    }
    const soft = event('BOUNCE', { bounce: { type: 'Transient', subType: 'MailboxFull' } })
    expect(play([soft, delivery])).toMatchObject({ delivered: 1, softBounces: 1 })
  })

  it('flags Apple Mail Privacy Protection and scanner opens, not readers behind image proxies', () => {
    expect(isMachineOpen({ userAgent: 'Mozilla/5.0', ipAddress: '203.0.113.1' })).toBe(true)
    expect(isMachineOpen({ userAgent: 'Mozilla/5.0 (iPhone) Mobile/15E148', ipAddress: '17.58.1.2' })).toBe(
      true,
    )
    expect(isMachineOpen({ userAgent: 'Barracuda Sentinel (EE)', ipAddress: '198.51.100.1' })).toBe(true)
    expect(isMachineOpen({ userAgent: null, ipAddress: null })).toBe(true)
    expect(
      isMachineOpen({
        userAgent: 'Mozilla/5.0 (Windows NT 5.1) (via ggpht.com GoogleImageProxy)',
        ipAddress: '66.249.84.1',
      }),
    ).toBe(false)
  })

  it('a click counts as the reader’s open; a machine open alone does not', () => {
    const machine = event('OPEN', { open: { userAgent: 'Mozilla/5.0', ipAddress: '17.0.0.1' } })
    const click = event('CLICK', { click: { link: 'https://x.example' } })
    expect(play([machine])).toMatchObject({ uniqueOpens: 1, machineOpens: 1, opens: 1 })
    expect(play([machine]).uniqueHumanOpens).toBeUndefined()
    expect(play([machine, click])).toMatchObject({ uniqueOpens: 1, uniqueHumanOpens: 1, uniqueClicks: 1 })
  })

  it('timeline: hourly for 48 h after the start, then days (hour buckets folded)', () => {
    expect(bucketOf('2026-11-25T10:30:00.000Z', '2026-11-25T10:00:00.000Z')).toBe('H2026112510')
    expect(bucketOf('2026-11-28T10:30:00.000Z', '2026-11-25T10:00:00.000Z')).toBe('D20261128')
    const buckets = new Map([
      ['H2026112510', { opens: 2, machineOpens: 1, clicks: 1 }],
      ['H2026112512', { opens: 1, machineOpens: 0, clicks: 0 }],
      ['D20261128', { opens: 4, machineOpens: 0, clicks: 2 }],
    ])
    const start = '2026-11-25T10:00:00.000Z'
    const hourly = timelineOf(buckets, start, 'exclude', new Date('2026-11-25T13:10:00.000Z'))
    expect(hourly.granularity).toBe('hour')
    expect(hourly.points.slice(0, 4).map((p) => [p.at.slice(11, 13), p.opens, p.clicks])).toEqual([
      ['10', 2, 1],
      ['11', 0, 0],
      ['12', 1, 0],
      ['13', 0, 0],
    ])
    const daily = timelineOf(buckets, start, 'include', new Date('2026-11-29T00:00:00.000Z'))
    expect(daily.granularity).toBe('day')
    expect(daily.points.map((p) => [p.at.slice(0, 10), p.opens, p.clicks])).toEqual([
      ['2026-11-25', 4, 1],
      ['2026-11-26', 0, 0],
      ['2026-11-27', 0, 0],
      ['2026-11-28', 4, 2],
    ])
  })
})
