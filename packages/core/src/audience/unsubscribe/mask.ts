const DOT = '•••'

/**
 * An address as the public page shows it: enough for the person to recognise it, not enough to learn it from
 * a forwarded link (`jane.doe@example.com` → `j•••e@e•••.com`).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return DOT
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  const maskedLocal = local.length <= 2 ? `${local[0]}${DOT}` : `${local[0]}${DOT}${local[local.length - 1]}`
  const dot = domain.lastIndexOf('.')
  const name = dot > 0 ? domain.slice(0, dot) : domain
  const suffix = dot > 0 ? domain.slice(dot) : ''
  return `${maskedLocal}@${name[0] ?? ''}${DOT}${suffix}`
}
