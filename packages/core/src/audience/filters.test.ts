import { describe, expect, it } from 'vitest'
import { planRead } from './filters'
import type { TopicRecord } from './model'

const topic = (defaultSubscriptionStatus: 'OPT_IN' | 'OPT_OUT'): TopicRecord => ({
  id: 'T1',
  orgId: 'O',
  name: 'T',
  description: '',
  defaultSubscriptionStatus,
  doubleOptIn: false,
  createdAt: '',
  updatedAt: '',
})
const optIn = topic('OPT_IN')
const optOut = topic('OPT_OUT')

/** The contract's table of which combinations are index-backed and which are bounded filtered reads. */
describe('planRead', () => {
  it('reads index-backed: no filter, a search, a topic with one status (and its email prefix)', () => {
    expect(planRead({})).toEqual({ phases: [{ index: 'email' }], bounded: false })
    expect(planRead({ searchQuery: 'an' })).toMatchObject({
      phases: [
        { index: 'email', prefix: 'an' },
        { index: 'name', prefix: 'an' },
      ],
      bounded: false,
    })
    expect(planRead({ topicId: 'T1', optIn: true }, optOut)).toEqual({
      phases: [{ index: 'preference', prefix: 'T1#IN#' }],
      bounded: false,
    })
    expect(planRead({ topicId: 'T1', optOut: true, searchQuery: 'bo' }, optIn).phases[0]).toEqual({
      index: 'preference',
      prefix: 'T1#OUT#bo',
    })
    expect(planRead({ topicId: 'T1' }, optIn)).toEqual({
      phases: [{ index: 'preference', prefix: 'T1#' }],
      bounded: false,
    })
    expect(planRead({ topicId: 'T1', pending: true, optInByDefault: true }, optIn).phases).toEqual([
      { index: 'preference', prefix: 'T1#PENDING#' },
    ])
    expect(planRead({ topicId: 'T1', optIn: true, optInByDefault: true }, optOut).phases).toEqual([
      { index: 'preference', prefix: 'T1#IN#' },
    ])
  })

  it('answers impossible combinations at once, without reading', () => {
    expect(planRead({ topicId: 'T1', defaultStatus: true, pending: true }, optIn).phases).toEqual([])
    expect(planRead({ topicId: 'T1', defaultStatus: true, optIn: true }, optOut).phases).toEqual([])
  })

  it('reads bounded and filtered otherwise', () => {
    for (const [filters, target] of [
      [{ unsubscribeAll: true }, undefined],
      [{ topicId: 'T1', optIn: true, optInByDefault: true }, optIn],
      [{ topicId: 'T1', optOut: true, optInByDefault: true }, optIn],
      [{ topicId: 'T1', defaultStatus: true }, optIn],
      [{ topicId: 'T1', searchQuery: 'a' }, optIn],
      [{ topicId: 'T1', optIn: true, unsubscribeAll: false }, optIn],
    ] as const) {
      const plan = planRead(filters, target)
      expect(plan.bounded, JSON.stringify(filters)).toBe(true)
      expect(plan.phases[0]).toMatchObject({ index: 'email', filter: expect.any(Object) })
    }
  })
})
