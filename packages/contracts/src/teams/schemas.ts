import * as z from 'zod'
import { RoleSchema } from '../account/schemas'
import { EmailSchema } from '../auth/schemas'
import { AccountIdSchema, UlidSchema } from '../ids'
import { uniqueItems } from '../text'

/** A role an invitation or a role change may give: ownership only moves by a transfer (or an owner's grant). */
export const InvitableRoleSchema = z.enum(['ADMIN', 'MEMBER'])
export type InvitableRole = z.infer<typeof InvitableRoleSchema>

/** At most this many addresses in one invite call. */
export const INVITE_BATCH_MAX = 20
/** An invitation is valid this long after it was sent (or last resent). */
export const INVITATION_TTL_DAYS = 7
/** Invitations an organization may send (new or resent) per rolling day: they go out through the platform's SES. */
export const INVITATIONS_PER_DAY = 50

/** Invitation ids are ULIDs; the secret token (43 base64url characters, 256 bits) comes in the emailed link. */
export const InvitationTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Expected an invitation token (the one in the emailed link).' })

/** A member of the organization: `accounts` on the team (spec §3). */
export const TeamMemberSchema = z.object({
  accountId: AccountIdSchema,
  email: z.string(),
  name: z.string().nullable(),
  picture: z.string().nullable(),
  role: RoleSchema,
  joinedAt: z.iso.datetime(),
})
export type TeamMember = z.infer<typeof TeamMemberSchema>

export const INVITATION_STATES = ['pending', 'accepted', 'declined', 'revoked', 'expired'] as const
export const InvitationStateSchema = z.enum(INVITATION_STATES)
export type InvitationState = z.infer<typeof InvitationStateSchema>

/** Who sent an invitation (their name and address as they were when they sent it). */
export const InviterSchema = z.object({
  accountId: AccountIdSchema,
  email: z.string(),
  name: z.string().nullable(),
})

/** An invitation as the team page lists it (never its token). */
export const InvitationSchema = z.object({
  id: UlidSchema,
  organizationId: UlidSchema,
  email: z.string(),
  role: InvitableRoleSchema,
  state: InvitationStateSchema,
  invitedBy: InviterSchema,
  createdAt: z.iso.datetime(),
  /** When the last email went out (the invitation, or a resend). */
  sentAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** When it was accepted, declined or revoked; null while pending or expired. */
  endedAt: z.iso.datetime().nullable(),
})
export type Invitation = z.infer<typeof InvitationSchema>

/** One limit of the plan and how much of it is used (pending invitations count as members). */
export const SeatUsageSchema = z.object({
  used: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
})
export type SeatUsage = z.infer<typeof SeatUsageSchema>

/** The team page: members (spec §3's `accounts`), invitations (pending first, then the last 30 days' ended), seats. */
export const TeamSchema = z.object({
  accounts: z.array(TeamMemberSchema),
  invitations: z.array(InvitationSchema),
  seats: z.object({ members: SeatUsageSchema, awsAccounts: SeatUsageSchema }),
})
export type Team = z.infer<typeof TeamSchema>

export const InviteBodySchema = z
  .object({
    emails: z
      .array(EmailSchema)
      .min(1, { message: 'Name at least one address.' })
      .max(INVITE_BATCH_MAX, { message: `At most ${INVITE_BATCH_MAX} addresses at once.` }),
    role: InvitableRoleSchema,
  })
  .strict()
export type InviteBody = z.infer<typeof InviteBodySchema>

export const InvitationListSchema = z.object({ invitations: z.array(InvitationSchema) })

export const MemberParamsSchema = z.object({ id: UlidSchema, memberId: AccountIdSchema }).strict()
export const InvitationParamsSchema = z.object({ id: UlidSchema, invitationId: UlidSchema }).strict()

export const ChangeRoleBodySchema = z.object({ role: RoleSchema }).strict()
export type ChangeRoleBody = z.infer<typeof ChangeRoleBodySchema>

export const TransferOwnershipBodySchema = z.object({ accountId: AccountIdSchema }).strict()
export type TransferOwnershipBody = z.infer<typeof TransferOwnershipBodySchema>

/** At most this many members in one bulk removal (one transaction: all or none). */
export const REMOVE_BATCH_MAX = 30

/** The bulk removal's body (spec §7: `DELETE organizations/{id}/team` with `accountIds`). */
export const RemoveMembersBodySchema = z
  .object({
    accountIds: uniqueItems(
      z
        .array(AccountIdSchema)
        .min(1, { message: 'Name at least one member.' })
        .max(REMOVE_BATCH_MAX, { message: `At most ${REMOVE_BATCH_MAX} members at once.` }),
      'A member is named twice.',
    ),
  })
  .strict()
export type RemoveMembersBody = z.infer<typeof RemoveMembersBodySchema>

/** The invitee's token: in the query of `GET` and `DELETE invitations/{id}`, in the body of the accept. */
export const InvitationTokenQuerySchema = z.object({ token: InvitationTokenSchema.optional() }).strict()
export const AcceptInvitationBodySchema = z.object({ token: InvitationTokenSchema }).strict()

/**
 * What the invitee sees on `/join` (with the token): the organization, who invited, the role, the address it is
 * bound to and its state; `alreadyMember` when the caller is in the organization already.
 */
export const InvitationViewSchema = z.object({
  id: UlidSchema,
  organization: z.object({ id: UlidSchema, name: z.string() }),
  invitedBy: InviterSchema.pick({ email: true, name: true }),
  email: z.string(),
  role: InvitableRoleSchema,
  state: InvitationStateSchema,
  expiresAt: z.iso.datetime(),
  alreadyMember: z.boolean(),
})
export type InvitationView = z.infer<typeof InvitationViewSchema>
