import { LOG_PAGE_SIZES, LogsQuerySchema, MESSAGE_STATUSES, type MessageStatus } from '@app/contracts'
import { DEFAULT_REPORT_RANGE, isReportRangeId, type ReportRangeId } from './report-range'

export type LogPageSize = (typeof LOG_PAGE_SIZES)[number]

export interface LogFilters {
  status: MessageStatus | undefined
  /** One address (the API matches it exactly, case-insensitive). */
  recipient: string | undefined
  limit: LogPageSize
}

/** What the page keeps in its address, so a view can be shared and survives a reload. */
export interface MonitoringView {
  range: ReportRangeId
  filters: LogFilters
}

export const DEFAULT_LOG_PAGE_SIZE: LogPageSize = 50

function isStatus(value: string | null): value is MessageStatus {
  return (MESSAGE_STATUSES as readonly (string | null)[]).includes(value)
}

function pageSize(value: string | null): LogPageSize {
  const size = Number(value)
  return (LOG_PAGE_SIZES as readonly number[]).includes(size) ? (size as LogPageSize) : DEFAULT_LOG_PAGE_SIZE
}

/** `?range=30d&status=BOUNCED&recipient=a@b.c&limit=100`; anything unknown falls back to the defaults. */
export function viewFromSearch(search: URLSearchParams): MonitoringView {
  const range = search.get('range')
  const status = search.get('status')
  const recipient = search.get('recipient')?.trim()
  return {
    range: isReportRangeId(range) ? range : DEFAULT_REPORT_RANGE,
    filters: {
      status: isStatus(status) ? status : undefined,
      recipient: recipient && recipientProblem(recipient) === undefined ? recipient : undefined,
      limit: pageSize(search.get('limit')),
    },
  }
}

/** The address for a view: other parameters kept, defaults left out. */
export function searchForView(current: URLSearchParams, view: MonitoringView): URLSearchParams {
  const next = new URLSearchParams(current)
  const set = (name: string, value: string | undefined) => {
    if (value === undefined) next.delete(name)
    else next.set(name, value)
  }
  set('range', view.range === DEFAULT_REPORT_RANGE ? undefined : view.range)
  set('status', view.filters.status)
  set('recipient', view.filters.recipient)
  set('limit', view.filters.limit === DEFAULT_LOG_PAGE_SIZE ? undefined : String(view.filters.limit))
  return next
}

export function hasFilters(filters: LogFilters): boolean {
  return filters.status !== undefined || filters.recipient !== undefined
}

/** The API's own rule for the recipient filter: one whole address. */
export function recipientProblem(value: string): string | undefined {
  return LogsQuerySchema.shape.recipient.safeParse(value.trim()).success
    ? undefined
    : 'Enter one whole email address, like ana@example.com.'
}

/**
 * Pages are reached by opaque cursors, each from the previous answer: the cursors of the pages behind the first,
 * newest first. 'Older' pushes the answer's `nextCursor`; 'Newer' pops back.
 */
export type CursorStack = readonly string[]

export function currentCursor(stack: CursorStack): string | undefined {
  return stack.at(-1)
}

export function olderPage(stack: CursorStack, nextCursor: string | null): CursorStack {
  return nextCursor ? [...stack, nextCursor] : stack
}

export function newerPage(stack: CursorStack): CursorStack {
  return stack.slice(0, -1)
}

/** 1 for the newest messages. */
export function pageNumber(stack: CursorStack): number {
  return stack.length + 1
}
