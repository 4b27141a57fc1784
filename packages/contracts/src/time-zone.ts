import type * as z from 'zod'

/** Whether the runtime knows the IANA time zone (canonical names, their aliases, any case). */
export const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

/**
 * The canonical IANA names the runtime knows, and `UTC`: what the OpenAPI document lists (each is accepted; the
 * check also takes aliases such as `US/Eastern`, which the list leaves out).
 */
export const TIME_ZONES: readonly string[] = [
  ...new Set([
    'UTC',
    ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []),
  ]),
]

/** An IANA time zone, documented as the list of canonical names. */
export function timeZone<S extends z.ZodString>(
  schema: S,
  message = 'Expected an IANA time zone (Europe/Paris).',
) {
  return schema.refine(isTimeZone, { message }).meta({
    enum: [...TIME_ZONES],
    description: 'An IANA time zone (Europe/Paris); the listed canonical names, or one of their aliases.',
  })
}
