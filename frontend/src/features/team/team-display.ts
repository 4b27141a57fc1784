import {
  type Account,
  can,
  EmailSchema,
  INVITE_BATCH_MAX,
  type InvitationState,
  type InvitationView,
  type Role,
  type SeatUsage,
  type TeamMember,
} from '@app/contracts'
import type { BadgeColor } from '../../components/ui/badge'

/**
 * The roles a caller may give this member in the role select (the member's own role among them), or none when the
 * caller may not change it: only owners make or unmake owners. The last owner's own demotion is the server's to
 * refuse (it says why).
 */
export function roleChoices(caller: Role, member: TeamMember): readonly Role[] {
  if (!can(caller, 'team.change_role')) return []
  if (caller === 'OWNER') return ['OWNER', 'ADMIN', 'MEMBER']
  if (member.role === 'OWNER') return []
  return ['ADMIN', 'MEMBER']
}

/** Whether "Remove" is offered on this member's row (one leaves instead of removing themselves). */
export function canRemoveMember(caller: Role, member: TeamMember, self: boolean): boolean {
  if (self || !can(caller, 'team.remove')) return false
  return member.role !== 'OWNER' || caller === 'OWNER'
}

/** Whether "Make owner" is offered: owners hand ownership to someone who is not an owner yet. */
export function canTransferTo(caller: Role, member: TeamMember, self: boolean): boolean {
  return !self && member.role !== 'OWNER' && can(caller, 'team.transfer_ownership')
}

const INVITATION_BADGES: Record<InvitationState, { label: string; color: BadgeColor }> = {
  pending: { label: 'Pending', color: 'blue' },
  expired: { label: 'Expired', color: 'yellow' },
  accepted: { label: 'Accepted', color: 'green' },
  declined: { label: 'Declined', color: 'neutral' },
  revoked: { label: 'Revoked', color: 'red' },
}

export function invitationBadge(state: InvitationState): { label: string; color: BadgeColor } {
  return INVITATION_BADGES[state]
}

/** Pending and expired invitations can be sent again; only pending ones revoked. */
export function invitationActions(state: InvitationState): { resend: boolean; revoke: boolean } {
  return { resend: state === 'pending' || state === 'expired', revoke: state === 'pending' }
}

/** "3 of 5 members", "1 of 1 AWS account". */
export function seatText(usage: SeatUsage, noun: 'member' | 'AWS account'): string {
  return `${usage.used} of ${usage.limit} ${usage.limit === 1 ? noun : `${noun}s`}`
}

/** Room left, every seat used, or more used than the plan has (a downgrade keeps everyone, adds no one). */
export function seatState(usage: SeatUsage): 'free' | 'full' | 'over' {
  if (usage.used > usage.limit) return 'over'
  return usage.used === usage.limit ? 'full' : 'free'
}

/**
 * The addresses typed in the invite dialog (commas, semicolons, spaces or lines between them), lower-cased and each
 * once, and those that are not addresses, as typed.
 */
export function parseEmailList(text: string): { emails: string[]; invalid: string[] } {
  const emails: string[] = []
  const invalid: string[] = []
  for (const part of text.split(/[\s,;]+/)) {
    if (part === '') continue
    const parsed = EmailSchema.safeParse(part)
    if (!parsed.success) invalid.push(part)
    else if (!emails.includes(parsed.data)) emails.push(parsed.data)
  }
  return { emails, invalid }
}

/** Why the typed list cannot be sent, or undefined when it can. */
export function emailListProblem({
  emails,
  invalid,
}: {
  emails: string[]
  invalid: string[]
}): string | undefined {
  if (invalid.length > 0)
    return `${invalid.length === 1 ? 'This is not an email address' : 'These are not email addresses'}: ${invalid.join(', ')}`
  if (emails.length === 0) return 'Enter at least one email address.'
  if (emails.length > INVITE_BATCH_MAX) return `At most ${INVITE_BATCH_MAX} addresses at once.`
  return undefined
}

export function memberName(member: Pick<TeamMember, 'name' | 'email'>): string {
  return member.name?.trim() || member.email
}

/** "Ada Lovelace (ada@example.com)", or the address alone when there is no name. */
export function withAddress(member: Pick<TeamMember, 'name' | 'email'>): string {
  const name = member.name?.trim()
  return name ? `${name} (${member.email})` : member.email
}

export function dateText(iso: string, locale = 'en-US', timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(
    Date.parse(iso),
  )
}

export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/** Which page `/join` shows for an invitation the link opened, for the signed-in account. */
export type JoinState =
  | 'open'
  | 'unverified'
  | 'wrong_account'
  | 'already_member'
  | Exclude<InvitationState, 'pending'>

export function joinState(
  view: InvitationView,
  account: Pick<Account, 'email' | 'emailVerified'>,
): JoinState {
  if (view.alreadyMember) return 'already_member'
  if (view.state !== 'pending') return view.state
  if (!sameAddress(view.email, account.email)) return 'wrong_account'
  return account.emailVerified ? 'open' : 'unverified'
}
