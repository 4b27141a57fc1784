import { AwsError } from './protocol'

type Json = Record<string, unknown>

/** One EventBridge Scheduler schedule, as the stand-in keeps it (the request's fields, and when it is due). */
export interface StoredSchedule {
  Name: string
  GroupName: string
  ScheduleExpression: string
  ScheduleExpressionTimezone: string
  FlexibleTimeWindow: Json
  Target: { Arn: string; RoleArn: string; Input?: string } & Json
  ActionAfterCompletion: 'NONE' | 'DELETE'
  State: 'ENABLED' | 'DISABLED'
  Description?: string
  /** Epoch ms of the one-time expression; null for rate()/cron() (kept, never run here). */
  dueAt: number | null
  ranAt?: number
  CreationDate: number
  LastModificationDate: number
}

export type ScheduleStore = Record<string, StoredSchedule>

/** Delivers a due schedule's `Input` to its target (the local stack: an SQS queue by its ARN). */
export type DeliverTarget = (target: StoredSchedule['Target']) => Promise<void>

export const SCHEDULER_OPERATIONS: Record<string, string> = {
  POST: 'CreateSchedule',
  GET: 'GetSchedule',
  PUT: 'UpdateSchedule',
  DELETE: 'DeleteSchedule',
}

const NAME = /^[0-9a-zA-Z-_.]{1,64}$/
const AT = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/

const invalid = (message: string) => new AwsError(400, 'ValidationException', message)

/** The UTC offset (ms) of `timeZone` at the instant `utc`. */
function offsetAt(utc: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(new Date(utc))
      .map((part) => [part.type, Number(part.value)]),
  )
  const at = (name: string) => parts[name] ?? 0
  const wall = Date.UTC(at('year'), at('month') - 1, at('day'), at('hour'), at('minute'), at('second'))
  return wall - Math.floor(utc / 1000) * 1000
}

/** When `at(yyyy-mm-ddThh:mm:ss)` — wall-clock time in `timeZone` — comes (epoch ms); null for other kinds. */
export function dueTime(expression: string, timeZone: string): number | null {
  const match = AT.exec(expression)
  if (!match) {
    if (/^(rate|cron)\(.+\)$/.test(expression)) return null
    throw invalid(`Invalid Schedule Expression ${expression}.`)
  }
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as number[]
  const wall = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, second ?? 0)
  try {
    const guess = wall - offsetAt(wall, timeZone)
    return wall - offsetAt(guess, timeZone)
  } catch {
    throw invalid(`Invalid ScheduleExpressionTimezone ${timeZone}.`)
  }
}

function schedule(name: string, input: Json, now: number, created?: number): StoredSchedule {
  if (!NAME.test(name)) throw invalid('Name must be 1-64 letters, digits, hyphens, underscores or periods.')
  const expression = input.ScheduleExpression
  if (typeof expression !== 'string') throw invalid('ScheduleExpression is required.')
  const window = input.FlexibleTimeWindow
  if (!window || typeof window !== 'object') throw invalid('FlexibleTimeWindow is required.')
  const target = input.Target as Json | undefined
  if (!target || typeof target.Arn !== 'string' || typeof target.RoleArn !== 'string')
    throw invalid('Target with Arn and RoleArn is required.')
  const timeZone =
    typeof input.ScheduleExpressionTimezone === 'string' ? input.ScheduleExpressionTimezone : 'UTC'
  return {
    Name: name,
    GroupName: typeof input.GroupName === 'string' ? input.GroupName : 'default',
    ScheduleExpression: expression,
    ScheduleExpressionTimezone: timeZone,
    FlexibleTimeWindow: window as Json,
    Target: target as StoredSchedule['Target'],
    ActionAfterCompletion: input.ActionAfterCompletion === 'DELETE' ? 'DELETE' : 'NONE',
    State: input.State === 'DISABLED' ? 'DISABLED' : 'ENABLED',
    ...(typeof input.Description === 'string' ? { Description: input.Description } : {}),
    dueAt: dueTime(expression, timeZone),
    CreationDate: created ?? now,
    LastModificationDate: now,
  }
}

const arnOf = (accountId: string, region: string, item: StoredSchedule) =>
  `arn:aws:scheduler:${region}:${accountId}:schedule/${item.GroupName}/${item.Name}`

/**
 * EventBridge Scheduler's schedule operations the product calls (Create/Get/Update/DeleteSchedule, REST JSON at
 * `/schedules/{Name}`), per account and region; `tick` runs every due one-time schedule: its target gets the
 * `Input`, then the schedule is deleted (`ActionAfterCompletion: DELETE`) or kept as run. A failed delivery is
 * tried again on the next tick, as Scheduler retries within the target's retry policy.
 */
export class LocalScheduler {
  constructor(
    private readonly store: () => ScheduleStore,
    private readonly deliver: DeliverTarget,
    private readonly log: (line: string) => void,
  ) {}

  handle(
    scope: { accountId: string; region: string },
    method: string,
    name: string,
    query: URLSearchParams,
    input: Json,
  ): Json {
    const store = this.store()
    const group =
      (method === 'GET' || method === 'DELETE' ? query.get('groupName') : input.GroupName) ?? 'default'
    const key = `${scope.accountId}/${scope.region}/${String(group)}/${name}`
    const existing = Object.hasOwn(store, key) ? store[key] : undefined
    const now = Date.now()
    const missing = () => new AwsError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`)
    switch (method) {
      case 'POST': {
        if (existing) throw new AwsError(409, 'ConflictException', `Schedule ${name} already exists.`)
        const created = schedule(name, { ...input, GroupName: group }, now)
        store[key] = created
        return { ScheduleArn: arnOf(scope.accountId, scope.region, created) }
      }
      case 'PUT': {
        if (!existing) throw missing()
        const updated = schedule(name, { ...input, GroupName: group }, now, existing.CreationDate)
        store[key] = updated
        return { ScheduleArn: arnOf(scope.accountId, scope.region, updated) }
      }
      case 'GET': {
        if (!existing) throw missing()
        const { dueAt: _due, ranAt: _ran, CreationDate, LastModificationDate, ...shown } = existing
        return {
          ...shown,
          Arn: arnOf(scope.accountId, scope.region, existing),
          CreationDate: CreationDate / 1000,
          LastModificationDate: LastModificationDate / 1000,
        }
      }
      case 'DELETE': {
        if (!existing) throw missing()
        delete store[key]
        return {}
      }
      default:
        throw invalid(`No Scheduler operation for ${method}.`)
    }
  }

  /** Runs the schedules due at `now`; answers how many ran. */
  async tick(now = Date.now()): Promise<number> {
    const store = this.store()
    let ran = 0
    for (const [key, item] of Object.entries(store)) {
      if (item.State !== 'ENABLED' || item.dueAt === null || item.ranAt !== undefined || item.dueAt > now)
        continue
      try {
        await this.deliver(item.Target)
      } catch (error) {
        this.log(`local Scheduler: ${item.Name}'s target failed (tried again): ${String(error)}`)
        continue
      }
      ran += 1
      if (item.ActionAfterCompletion === 'DELETE') delete store[key]
      else item.ranAt = now
    }
    return ran
  }
}
