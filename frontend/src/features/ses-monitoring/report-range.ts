import type { REPORT_MAX_DAYS } from '@app/contracts'

export const REPORT_RANGES = ['24h', '7d', '30d', '90d'] as const
export type ReportRangeId = (typeof REPORT_RANGES)[number]
export type Granularity = keyof typeof REPORT_MAX_DAYS

export const REPORT_RANGE_OPTIONS: Record<ReportRangeId, { label: string; granularity: Granularity }> = {
  '24h': { label: 'Last 24 hours', granularity: 'hour' },
  '7d': { label: 'Last 7 days', granularity: 'day' },
  '30d': { label: 'Last 30 days', granularity: 'day' },
  '90d': { label: 'Last 90 days', granularity: 'day' },
}

const DAYS: Record<Exclude<ReportRangeId, '24h'>, number> = { '7d': 7, '30d': 30, '90d': 90 }

export const DEFAULT_REPORT_RANGE: ReportRangeId = '7d'

/** What the report endpoints take: an instant range, cut into hours or days in the viewer's time zone. */
export interface ReportRange {
  from: string
  to: string
  timeZone: string
  granularity: Granularity
}

const HOUR_MS = 3_600_000

/** The browser's IANA time zone (days and hours are cut in it); UTC when the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const partFormats = new Map<string, Intl.DateTimeFormat>()

/** The wall-clock time at an instant in a zone. */
function wallClock(instant: number, timeZone: string): WallClock {
  let format = partFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    partFormats.set(timeZone, format)
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  )
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  }
}

/** How far the zone's wall clock is ahead of UTC at an instant (ms). */
function zoneOffset(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone)
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000))
}

/** The instant a calendar day starts in a zone (month 1-based; days beyond the month roll over). */
export function startOfZonedDay(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day)
  // The offset at midnight can differ from the offset at the first guess across a DST change: look twice.
  const guess = wall - zoneOffset(wall, timeZone)
  return wall - zoneOffset(guess, timeZone)
}

/** The instant the zone's current hour started (zones can be offset by 30 or 45 minutes). */
function startOfZonedHour(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone)
  return instant - (((instant % 1000) + 1000) % 1000) - (wall.minute * 60 + wall.second) * 1000
}

/**
 * A preset's range at `now`: the last 24 hours as whole hours (the current one included), or the last n days
 * as whole days in the zone (today included). The end is exclusive.
 */
export function reportRange(id: ReportRangeId, now: number, timeZone: string): ReportRange {
  if (id === '24h') {
    const to = startOfZonedHour(now, timeZone) + HOUR_MS
    return {
      from: new Date(to - 24 * HOUR_MS).toISOString(),
      to: new Date(to).toISOString(),
      timeZone,
      granularity: 'hour',
    }
  }
  const today = wallClock(now, timeZone)
  const days = DAYS[id]
  return {
    from: new Date(startOfZonedDay(today.year, today.month, today.day - (days - 1), timeZone)).toISOString(),
    to: new Date(startOfZonedDay(today.year, today.month, today.day + 1, timeZone)).toISOString(),
    timeZone,
    granularity: 'day',
  }
}

export function isReportRangeId(value: string | null): value is ReportRangeId {
  return (REPORT_RANGES as readonly (string | null)[]).includes(value)
}

const bucketFormats = {
  hour: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  day: { month: 'short', day: 'numeric' },
} as const satisfies Record<Granularity, Intl.DateTimeFormatOptions>

const bucketLongFormats = {
  hour: {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
  day: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
} as const satisfies Record<Granularity, Intl.DateTimeFormatOptions>

/** An axis label: '14:00' for an hour, 'Mar 5' for a day. */
export function bucketLabel(start: string, granularity: Granularity, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { ...bucketFormats[granularity], timeZone }).format(new Date(start))
}

/** The bucket in full: 'Thu, Mar 5, 14:00' or 'Thu, Mar 5, 2025'. */
export function bucketLongLabel(start: string, granularity: Granularity, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { ...bucketLongFormats[granularity], timeZone }).format(
    new Date(start),
  )
}
