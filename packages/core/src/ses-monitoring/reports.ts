import {
  type CombinedQuerySchema,
  type CombinedReport,
  type LogsQuerySchema,
  type MessageLogPage,
  type Rates,
  SES_REPUTATION_THRESHOLDS,
  STATUS_COUNT_KEYS,
  type StatusCounts,
  type TimeSeries,
  type TimeSeriesQuerySchema,
} from '@app/contracts'
import * as z from 'zod'
import { requireConnection } from '../aws-accounts/public'
import { cursorPosition, encodeCursor, invalidCursor } from '../db/cursor'
import { messageLogPrefix } from '../db/keys'
import type { OrganizationContext } from '../organizations/public'
import { emptyCounts, hourOf, listMessageLogs, readHourlyCounts } from './message-log.repo'

const HOUR_MS = 3_600_000

const LogPositionSchema = z.object({ sortKey: z.string().min(1).max(1024) }).strict()

/** A page of the account's message log, newest first (`GET aws-accounts/{id}/logs`). */
export async function listLogs(
  context: OrganizationContext,
  id: string,
  query: z.output<typeof LogsQuerySchema>,
): Promise<MessageLogPage> {
  const connection = await requireConnection(context, id)
  const cursorQuery = {
    list: 'message-logs',
    scope: `${connection.orgId}/${connection.id}`,
    filters: { status: query.status, recipient: query.recipient },
  }
  const after = cursorPosition(cursorQuery, query.cursor, LogPositionSchema)?.sortKey
  if (after !== undefined && !after.startsWith(messageLogPrefix(connection.id))) throw invalidCursor()
  const { logs, next } = await listMessageLogs(connection.orgId, connection.id, {
    limit: query.limit,
    after,
    status: query.status,
    recipient: query.recipient,
  })
  return { items: logs, nextCursor: next ? encodeCursor(cursorQuery, { sortKey: next }) : null }
}

/** Each UTC hour that starts in [from, to), from the hour `from` falls in. */
function hoursOf(from: string, to: string): number[] {
  const hours: number[] = []
  const end = Date.parse(to)
  for (let hour = Math.floor(Date.parse(from) / HOUR_MS) * HOUR_MS; hour < end; hour += HOUR_MS)
    hours.push(hour)
  return hours
}

function add(into: StatusCounts, counts: StatusCounts | undefined): void {
  if (!counts) return
  for (const key of STATUS_COUNT_KEYS) into[key] += counts[key]
}

async function countsByHour(orgId: string, id: string, hours: number[]) {
  const first = hours[0]
  const last = hours.at(-1)
  if (first === undefined || last === undefined) return new Map<string, StatusCounts>()
  return readHourlyCounts(
    orgId,
    id,
    hourOf(new Date(first).toISOString()),
    hourOf(new Date(last).toISOString()),
  )
}

/**
 * Counts per hour, or per day in the caller's time zone, of the messages sent in the range (by hour of sending:
 * a bounce reported tomorrow counts where its message was sent). Every bucket is present, empty ones as zeros.
 * Days in zones with half-hour offsets are cut at the hour their midnight falls in.
 */
export async function timeSeries(
  context: OrganizationContext,
  id: string,
  query: z.output<typeof TimeSeriesQuerySchema>,
): Promise<TimeSeries> {
  const connection = await requireConnection(context, id)
  const hours = hoursOf(query.from, query.to)
  const byHour = await countsByHour(connection.orgId, connection.id, hours)
  const dayOf = new Intl.DateTimeFormat('en-CA', {
    timeZone: query.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  const buckets: TimeSeries['buckets'] = []
  let currentKey: string | undefined
  for (const hour of hours) {
    const key = query.granularity === 'hour' ? String(hour) : dayOf.format(hour)
    if (key !== currentKey) {
      buckets.push({ start: new Date(hour).toISOString(), counts: emptyCounts() })
      currentKey = key
    }
    add(
      (buckets.at(-1) as TimeSeries['buckets'][number]).counts,
      byHour.get(hourOf(new Date(hour).toISOString())),
    )
  }
  return {
    granularity: query.granularity,
    timeZone: query.timeZone,
    from: query.from,
    to: query.to,
    buckets,
  }
}

/** Rates of some counts: delivery, bounce and complaint of what was sent; opens and clicks of what arrived. */
export function ratesOf(counts: StatusCounts): Rates {
  const share = (part: number, whole: number) => (whole > 0 ? part / whole : null)
  return {
    delivery: share(counts.delivered, counts.sent),
    bounce: share(counts.bounced, counts.sent),
    complaint: share(counts.complained, counts.sent),
    open: share(counts.opened, counts.delivered),
    click: share(counts.clicked, counts.delivered),
  }
}

/** Where a rate stands against SES's review and pause thresholds. */
export function reputationLevel(
  rate: number | null,
  threshold: { review: number; pause: number },
): 'ok' | 'review' | 'pause' {
  if (rate === null || rate < threshold.review) return 'ok'
  return rate < threshold.pause ? 'review' : 'pause'
}

/** Totals and rates for the range, with bounce and complaint rates against SES's thresholds. */
export async function combined(
  context: OrganizationContext,
  id: string,
  query: z.output<typeof CombinedQuerySchema>,
): Promise<CombinedReport> {
  const connection = await requireConnection(context, id)
  const hours = hoursOf(query.from, query.to)
  const byHour = await countsByHour(connection.orgId, connection.id, hours)
  const totals = emptyCounts()
  for (const hour of hours) add(totals, byHour.get(hourOf(new Date(hour).toISOString())))
  const rates = ratesOf(totals)
  return {
    from: query.from,
    to: query.to,
    totals,
    rates,
    thresholds: SES_REPUTATION_THRESHOLDS,
    reputation: {
      bounce: reputationLevel(rates.bounce, SES_REPUTATION_THRESHOLDS.bounce),
      complaint: reputationLevel(rates.complaint, SES_REPUTATION_THRESHOLDS.complaint),
    },
  }
}
