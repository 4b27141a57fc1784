import { describe, expect, it } from 'vitest'
import { dueTime, LocalScheduler, type ScheduleStore, type StoredSchedule } from './scheduler'

const scope = { accountId: '000000000000', region: 'us-east-1' }
const request = (expression: string, extra: Record<string, unknown> = {}) => ({
  GroupName: 'campaigns',
  ScheduleExpression: expression,
  ScheduleExpressionTimezone: 'Europe/Paris',
  FlexibleTimeWindow: { Mode: 'OFF' },
  ActionAfterCompletion: 'DELETE',
  Target: {
    Arn: 'arn:aws:sqs:us-east-1:000000000000:q',
    RoleArn: 'arn:aws:iam::000000000000:role/r',
    Input: '{"a":1}',
  },
  ...extra,
})
const group = new URLSearchParams({ groupName: 'campaigns' })

function scheduler(fail = 0) {
  const store: ScheduleStore = {}
  const delivered: StoredSchedule['Target'][] = []
  let failures = fail
  const local = new LocalScheduler(
    () => store,
    async (target) => {
      if (failures-- > 0) throw new Error('queue down')
      delivered.push(target)
    },
    () => undefined,
  )
  return { local, store, delivered }
}

describe('the local EventBridge Scheduler', () => {
  it('reads at() as wall-clock time in the schedule’s time zone, daylight saving included', () => {
    expect(dueTime('at(2026-07-01T10:30:00)', 'Europe/Paris')).toBe(Date.UTC(2026, 6, 1, 8, 30))
    expect(dueTime('at(2026-01-15T10:30:00)', 'Europe/Paris')).toBe(Date.UTC(2026, 0, 15, 9, 30))
    expect(dueTime('at(2026-03-08T12:00:00)', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 16, 0))
    expect(dueTime('at(2026-03-07T12:00:00)', 'America/New_York')).toBe(Date.UTC(2026, 2, 7, 17, 0))
    expect(dueTime('at(2026-07-01T10:30:00)', 'UTC')).toBe(Date.UTC(2026, 6, 1, 10, 30))
    expect(dueTime('rate(5 minutes)', 'UTC')).toBeNull()
    expect(() => dueTime('at(tomorrow)', 'UTC')).toThrow(/Invalid Schedule Expression/)
    expect(() => dueTime('at(2026-07-01T10:30:00)', 'Mars/Olympus')).toThrow(/Timezone/)
  })

  it('creates once (409 after), reads, updates and deletes (404 after) by name within a group', () => {
    const { local } = scheduler()
    const created = local.handle(
      scope,
      'POST',
      'campaign-1',
      new URLSearchParams(),
      request('at(2030-01-01T00:00:00)'),
    )
    expect(created.ScheduleArn).toBe('arn:aws:scheduler:us-east-1:000000000000:schedule/campaigns/campaign-1')
    expect(() =>
      local.handle(scope, 'POST', 'campaign-1', new URLSearchParams(), request('at(2030-01-01T00:00:00)')),
    ).toThrow(expect.objectContaining({ code: 'ConflictException', status: 409 }))
    local.handle(scope, 'PUT', 'campaign-1', new URLSearchParams(), request('at(2031-01-01T00:00:00)'))
    expect(local.handle(scope, 'GET', 'campaign-1', group, {})).toMatchObject({
      Name: 'campaign-1',
      GroupName: 'campaigns',
      ScheduleExpression: 'at(2031-01-01T00:00:00)',
      ActionAfterCompletion: 'DELETE',
    })
    expect(() => local.handle(scope, 'GET', 'campaign-1', new URLSearchParams(), {})).toThrow(
      expect.objectContaining({ code: 'ResourceNotFoundException' }),
    )
    local.handle(scope, 'DELETE', 'campaign-1', group, {})
    expect(() => local.handle(scope, 'DELETE', 'campaign-1', group, {})).toThrow(
      expect.objectContaining({ code: 'ResourceNotFoundException', status: 404 }),
    )
    expect(() =>
      local.handle(scope, 'PUT', 'campaign-2', new URLSearchParams(), request('at(2031-01-01T00:00:00)')),
    ).toThrow(expect.objectContaining({ code: 'ResourceNotFoundException' }))
  })

  it('refuses what Scheduler refuses: a bad name, no target, no flexible time window', () => {
    const { local } = scheduler()
    const refused = (name: string, input: Record<string, unknown>) => () =>
      local.handle(scope, 'POST', name, new URLSearchParams(), input)
    expect(refused('bad name', request('at(2030-01-01T00:00:00)'))).toThrow(/Name/)
    expect(refused('x', request('at(2030-01-01T00:00:00)', { Target: undefined }))).toThrow(/Target/)
    expect(refused('x', request('at(2030-01-01T00:00:00)', { FlexibleTimeWindow: undefined }))).toThrow(
      /FlexibleTimeWindow/,
    )
  })

  it('runs a due schedule once: its Input to its target, then deleted (or kept, with NONE); a failed delivery is tried again', async () => {
    const { local, store, delivered } = scheduler(1)
    local.handle(scope, 'POST', 'soon', new URLSearchParams(), request('at(2026-07-01T10:30:00)'))
    local.handle(
      scope,
      'POST',
      'kept',
      new URLSearchParams(),
      request('at(2026-07-01T10:30:00)', { ActionAfterCompletion: 'NONE' }),
    )
    local.handle(scope, 'POST', 'later', new URLSearchParams(), request('at(2026-07-01T11:30:00)'))
    const due = Date.UTC(2026, 6, 1, 8, 30)
    expect(await local.tick(due - 1)).toBe(0)
    expect(await local.tick(due)).toBe(1)
    expect(await local.tick(due + 1000)).toBe(1)
    expect(await local.tick(due + 2000)).toBe(0)
    expect(delivered.map((target) => target.Input)).toEqual(['{"a":1}', '{"a":1}'])
    expect(
      Object.keys(store)
        .map((key) => key.split('/').at(-1))
        .sort(),
    ).toEqual(['kept', 'later'])
  })
})
