import { enforceRateLimit, takeRateLimit } from '../../platform/rate-limit'

/** Signups a caller address may send per hour, and confirmation mails one address may get per day. */
export const SIGNUP_LIMITS = {
  perIpPerHour: 20,
  perEmailPerDay: 3,
} as const

/** Counts one signup from this address; past the hourly limit, a 429 with `Retry-After`. */
export async function limitSignupsFrom(ip: string | undefined, now = new Date()): Promise<void> {
  if (!ip) return
  await enforceRateLimit(
    'signup.ip',
    ip,
    { limit: SIGNUP_LIMITS.perIpPerHour, windowSeconds: 60 * 60 },
    'Too many signups from your network; please try again later.',
    now,
  )
}

/** Whether one more confirmation mail may go to this address of this organization today. */
export async function mayMail(orgId: string, email: string, now = new Date()): Promise<boolean> {
  const decision = await takeRateLimit(
    'signup.confirmation-mail',
    `${orgId}#${email}`,
    { limit: SIGNUP_LIMITS.perEmailPerDay, windowSeconds: 24 * 60 * 60 },
    now,
  )
  return decision.allowed
}
