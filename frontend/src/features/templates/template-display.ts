import type { TemplateEditorType } from '@app/contracts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "just now", "5 minutes ago", "yesterday", then the date ("Mar 5, 2025"). */
export function whenText(iso: string, now: number, locale = 'en-US', timeZone?: string): string {
  const at = Date.parse(iso)
  const ago = now - at
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  if (ago < MINUTE) return 'just now'
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute')
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour')
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day')
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(
    at,
  )
}

/** The full date and time, for a `title` or a version list. */
export function dateTimeText(iso: string, locale = 'en-US', timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(Date.parse(iso))
}

/** "840 B", "12.4 KB", with SES's 500 KB in mind. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  return `${(bytes / 1024).toFixed(1)} KB`
}

export const EDITOR_LABELS: Record<TemplateEditorType, string> = {
  HTML: 'HTML',
  MJML: 'MJML',
  VISUAL: 'Visual',
}

export const VERSION_ACTION_LABELS = {
  create: 'Created',
  copy: 'Copied',
  save: 'Saved',
  restore: 'Restored',
  import: 'Imported from SES',
} as const

export function versionActionText(
  action: keyof typeof VERSION_ACTION_LABELS,
  restoredFrom: number | null,
): string {
  return action === 'restore' && restoredFrom !== null
    ? `Restored from version ${restoredFrom}`
    : VERSION_ACTION_LABELS[action]
}
