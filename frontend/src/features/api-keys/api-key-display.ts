import { type ApiKey, type ApiScope, apiKeyPrefix } from '@app/contracts'

/** How long a rotated key's previous secret may keep working, as the rotate dialog offers it. */
export const GRACE_CHOICES = [
  { seconds: 0, label: 'Stop it at once' },
  { seconds: 60 * 60, label: '1 hour' },
  { seconds: 24 * 60 * 60, label: '24 hours' },
  { seconds: 7 * 24 * 60 * 60, label: '7 days' },
] as const
export const DEFAULT_GRACE_SECONDS = 24 * 60 * 60

/** What the list shows of a key: its prefix, never the secret (`ssk_live_<keyId>…`). */
export const prefixText = (key: Pick<ApiKey, 'keyId'>) => `${apiKeyPrefix(key.keyId)}…`

/** "Mar 5, 2026, 4:05 PM". */
export function dateTimeText(iso: string, locale = 'en-US', timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(Date.parse(iso))
}

/** Scopes in the order of the form's checkboxes, whatever order they were granted in. */
export function sortedScopes(scopes: readonly ApiScope[], order: readonly ApiScope[]): ApiScope[] {
  return [...scopes].sort((a, b) => order.indexOf(a) - order.indexOf(b))
}

/** A rate limit the form accepts (10 to 6,000 a minute, whole), or why not. */
export function rateLimitProblem(value: string, min: number, max: number): string | undefined {
  const parsed = Number(value)
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(parsed) || parsed < min || parsed > max)
    return `Give a whole number from ${min} to ${max.toLocaleString('en-US')}.`
  return undefined
}
