import { LIVE_SUBSCRIPTION_STATUSES, lowestTierWithSeats, type Seats, seatsOf, TIERS } from '@app/contracts'
import { AppError } from '../errors'
import type { OrganizationRecord } from './organizations.repo'

/**
 * The seats an organization has now: its plan's while the plan is START or its subscription is live; a paid plan
 * whose subscription ended (or no plan yet) has START's.
 */
export function seatsFor(org: Pick<OrganizationRecord, 'plan' | 'subscriptionStatus'>): Seats {
  const live =
    org.plan === 'START' ||
    (org.subscriptionStatus !== null && LIVE_SUBSCRIPTION_STATUSES.includes(org.subscriptionStatus))
  return seatsOf(live ? org.plan : null)
}

const NOUNS: Record<keyof Seats, [string, string]> = {
  members: ['member', 'members'],
  awsAccounts: ['AWS account', 'AWS accounts'],
}

/**
 * 402 `team.seat_limit` unless `adding` more of `kind` fit beside the `used` ones. An organization already over
 * its limit (a downgrade) keeps what it has but adds nothing; the message says how to get room.
 */
export function assertSeats(
  org: Pick<OrganizationRecord, 'plan' | 'subscriptionStatus'>,
  kind: keyof Seats,
  used: number,
  adding: number,
): void {
  const limit = seatsFor(org)[kind]
  if (used + adding <= limit) return
  const [one, many] = NOUNS[kind]
  const upgrade = lowestTierWithSeats(kind, used + adding)
  const counted = kind === 'members' ? ' (pending invitations count)' : ''
  const room = upgrade
    ? `Upgrade to ${TIERS[upgrade].name} (${TIERS[upgrade].seats[kind]} ${many}) in Subscription & billing`
    : `Remove ${many} to make room`
  throw new AppError(
    'team.seat_limit',
    `Your plan allows ${limit} ${limit === 1 ? one : many} and this organization has ${used}${counted}. ${room}.`,
  )
}
