import { AUDIT_ACTIONS, AUDIT_AREAS, type AuditEntry, auditActionLabel } from '@app/contracts'

/** The action filter's choices: every action under its area, each area also as a whole (`template.`). */
export const ACTION_GROUPS = Object.entries(AUDIT_AREAS).map(([area, label]) => ({
  area: `${area}.`,
  label,
  actions: Object.entries(AUDIT_ACTIONS)
    .filter(([code]) => code.startsWith(`${area}.`))
    .map(([code, text]) => ({ code, label: text })),
}))

export { auditActionLabel }

/** Who acted, as a line: a member's email, an API key by name, the platform. */
export function actorText(actor: AuditEntry['actor']): string {
  return actor.type === 'apiKey' ? `API key “${actor.name}”` : actor.name
}

/** The change in a few words: before → after, then the summary. */
export function changeText(change: AuditEntry['change']): string {
  const moved =
    change.before && change.after
      ? `${change.before} → ${change.after}`
      : (change.after ?? (change.before ? `was ${change.before}` : null))
  return [moved, change.summary].filter(Boolean).join(' · ')
}

export function entryTime(iso: string, locale = 'en-US', timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(Date.parse(iso))
}
