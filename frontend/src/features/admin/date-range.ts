import { MonthRangeQuerySchema } from '@app/contracts'

/** Days as the admin API takes them: `YYYY-MM-DD`, both ends included, in UTC. */
export interface DateRange {
  from: string
  to: string
}

export const RANGE_PRESETS = ['thisMonth', 'lastMonth', 'thisYear'] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]

export const RANGE_PRESET_LABELS: Record<RangePreset, string> = {
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisYear: 'This year',
}

function isoDay(year: number, monthIndex: number, day: number): string {
  return new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10)
}

/** A preset's days for `today` (UTC): this month and this year end today, last month is the whole month. */
export function presetRange(preset: RangePreset, today: Date): DateRange {
  const year = today.getUTCFullYear()
  const month = today.getUTCMonth()
  const todayIso = isoDay(year, month, today.getUTCDate())
  switch (preset) {
    case 'thisMonth':
      return { from: isoDay(year, month, 1), to: todayIso }
    case 'lastMonth':
      // Day 0 of this month is the last day of the previous one (and Date.UTC rolls January back a year).
      return { from: isoDay(year, month - 1, 1), to: isoDay(year, month, 0) }
    case 'thisYear':
      return { from: isoDay(year, 0, 1), to: todayIso }
  }
}

/** The admin page opens on the last full month. */
export function defaultRange(today: Date): DateRange {
  return presetRange('lastMonth', today)
}

/** Which preset a range is, so its button shows as pressed. */
export function matchingPreset(range: DateRange, today: Date): RangePreset | undefined {
  return RANGE_PRESETS.find((preset) => {
    const candidate = presetRange(preset, today)
    return candidate.from === range.from && candidate.to === range.to
  })
}

export interface RangeProblem {
  /** The input the message belongs next to. */
  field: 'from' | 'to'
  message: string
}

/** The API's own rules (a real day each, from ≤ to, at most a year): what is wrong, or undefined. */
export function rangeProblem(range: DateRange): RangeProblem | undefined {
  const parsed = MonthRangeQuerySchema.safeParse(range)
  if (parsed.success) return undefined
  const issue = parsed.error.issues[0]
  const field = issue?.path[0] === 'to' ? 'to' : 'from'
  if (issue?.code === 'invalid_format') return { field, message: 'Enter a full day.' }
  // The contract words this one for API callers (`from`/`to`); people see the field labels.
  if (field === 'from') return { field, message: 'The first day must not be after the last day.' }
  return { field, message: issue?.message ?? 'Check the dates.' }
}

/** The range in the page's address (`?from=…&to=…`), so a report link can be shared; else the default. */
export function rangeFromSearch(search: URLSearchParams, today: Date): DateRange {
  const from = search.get('from')
  const to = search.get('to')
  if (from && to && rangeProblem({ from, to }) === undefined) return { from, to }
  return defaultRange(today)
}

/** The fallback name of the CSV report when the response names none. */
export function reportFilename(range: DateRange): string {
  return `invoices-${range.from}-to-${range.to}.csv`
}
