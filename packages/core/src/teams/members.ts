import type {
  Account,
  ChangeRoleBody,
  RemoveMembersBody,
  Role,
  Team,
  TeamMember,
  TransferOwnershipBody,
} from '@app/contracts'
import { Accounts, getAccountProfiles } from '../accounts/public'
import { principalOf, requireUser } from '../actor'
import { type NamedItem, TransactionFailed, transact } from '../db/transact'
import { AppError } from '../errors'
import { newEvent, outboxPut } from '../events/outbox'
import {
  listMembers,
  type MemberRecord,
  memberRemovalWrites,
  memberRoleCheck,
  type OrganizationContext,
  roleChangeWrites,
} from '../organizations/public'
import { getTeam, toTeamMember } from './team'

/**
 * Members and roles: role changes, the ownership transfer, removals (one, or several all-or-nothing) and leaving.
 * The last owner stays: demoting or removing an owner checks, in the same transaction, that another owner still
 * is one, so two owners demoting each other at once cannot leave the organization without one.
 */

const memberNotFound = (who: string) =>
  new AppError('team.member_not_found', `${who} is not a member of this organization.`)

const ownerRequired = (message: string) => new AppError('team.owner_required', message)

/** The members with their addresses, and the caller's own member record. */
async function readTeam(context: OrganizationContext) {
  const members = await listMembers(context.organizationId)
  const profiles = await getAccountProfiles(members.map((member) => member.accountId))
  const emails = new Map(members.map((member, index) => [member.accountId, profiles[index]?.email ?? '']))
  const byId = new Map(members.map((member) => [member.accountId, member]))
  return { members, byId, emailOf: (accountId: string) => emails.get(accountId) || accountId, profiles }
}

/** An owner other than those in `leaving`, to check in the transaction; none: `leaving` holds every owner. */
function remainingOwner(
  members: readonly MemberRecord[],
  leaving: ReadonlySet<string>,
): MemberRecord | undefined {
  return members.find((member) => member.role === 'OWNER' && !leaving.has(member.accountId))
}

/** Admins act on admins and members; owners on everyone. Making or unmaking an owner is an owner's act. */
function assertMayActOn(context: OrganizationContext, target: MemberRecord, verb: string, email: string) {
  if (context.role === 'OWNER') return
  if (target.role === 'OWNER')
    throw new AppError('permission.denied', `Only an owner can ${verb} an owner (${email}).`)
}

async function commit(items: NamedItem[]): Promise<void> {
  try {
    await transact(items, { conflictRetries: 2 })
  } catch (error) {
    // A role read here changed meanwhile, or the owner that was to remain is no longer one: read again.
    if (error instanceof TransactionFailed)
      throw new AppError(
        'version.conflict',
        'The team changed while this was being done. Reload and try again.',
      )
    throw error
  }
}

export async function changeMemberRole(
  context: OrganizationContext,
  memberId: string,
  { role }: ChangeRoleBody,
): Promise<TeamMember> {
  const { members, byId, emailOf, profiles } = await readTeam(context)
  const target = byId.get(memberId)
  if (!target) throw memberNotFound('This account')
  const email = emailOf(memberId)
  const profile = profiles[members.indexOf(target)]
  if (target.role === role) return toTeamMember(target, profile)
  assertMayActOn(context, target, 'change the role of', email)
  if (role === 'OWNER' && context.role !== 'OWNER')
    throw new AppError('permission.denied', 'Only an owner can make someone an owner.')
  const items = roleChangeWrites(context.organizationId, memberId, target.role, role)
  if (target.role === 'OWNER') {
    const other = remainingOwner(members, new Set([memberId]))
    if (!other)
      throw ownerRequired(
        `${email} is the last owner. Make another member an owner (or transfer ownership) first.`,
      )
    items.push(memberRoleCheck(context.organizationId, other.accountId, 'OWNER'))
  }
  items.push(roleChangedEvent(context, memberId, email, target.role, role))
  await commit(items)
  return toTeamMember({ ...target, role }, profile)
}

function roleChangedEvent(
  context: OrganizationContext,
  accountId: string,
  email: string,
  from: Role,
  to: Role,
) {
  return outboxPut(
    newEvent(
      'member.role_changed',
      context.organizationId,
      { accountId, email, from, to },
      principalOf(context.actor),
    ),
  )
}

/** The caller (an owner) makes another member an owner and becomes an admin, in one transaction. */
export async function transferOwnership(
  context: OrganizationContext,
  { accountId }: TransferOwnershipBody,
): Promise<Team> {
  const caller = requireUser(context.actor)
  if (accountId === caller.accountId)
    throw new AppError('request.invalid', 'You own this organization already: choose another member.')
  const { byId, emailOf } = await readTeam(context)
  const target = byId.get(accountId)
  if (!target) throw memberNotFound(`The account ${accountId}`)
  const items: NamedItem[] = [...roleChangeWrites(context.organizationId, caller.accountId, 'OWNER', 'ADMIN')]
  items.push(roleChangedEvent(context, caller.accountId, caller.email, 'OWNER', 'ADMIN'))
  if (target.role !== 'OWNER') {
    items.push(...roleChangeWrites(context.organizationId, accountId, target.role, 'OWNER'))
    items.push(roleChangedEvent(context, accountId, emailOf(accountId), target.role, 'OWNER'))
  } else items.push(memberRoleCheck(context.organizationId, accountId, 'OWNER'))
  await commit(items)
  return getTeam({ ...context, role: 'ADMIN' })
}

export async function removeMember(context: OrganizationContext, memberId: string): Promise<void> {
  await removeMembers(context, { accountIds: [memberId] })
}

/**
 * Removes every named member or none: a refusal names each who cannot be removed and why (not a member; an
 * owner, for an admin; the last owner). Their access ends with the transaction (the next call is a 404).
 */
export async function removeMembers(
  context: OrganizationContext,
  { accountIds }: RemoveMembersBody,
): Promise<void> {
  const { members, byId, emailOf } = await readTeam(context)
  const missing = accountIds.filter((id) => !byId.get(id))
  if (missing.length)
    throw new AppError(
      'team.member_not_found',
      `Nobody was removed: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not a member of this organization.`,
    )
  const targets = accountIds.map((id) => byId.get(id) as MemberRecord)
  const owners = targets.filter((target) => target.role === 'OWNER')
  if (owners.length && context.role !== 'OWNER')
    throw new AppError(
      'permission.denied',
      `Nobody was removed: only an owner can remove an owner (${owners.map((o) => emailOf(o.accountId)).join(', ')}).`,
    )
  const leaving = new Set(accountIds)
  const other = remainingOwner(members, leaving)
  if (owners.length && !other)
    throw ownerRequired(
      `Nobody was removed: ${owners.map((o) => emailOf(o.accountId)).join(', ')} would leave the organization without an owner. Make another member an owner first.`,
    )
  const self = requireUser(context.actor).accountId
  const items: NamedItem[] = targets.flatMap((target) => [
    ...memberRemovalWrites(context.organizationId, target.accountId, target.role),
    outboxPut(
      newEvent(
        'member.removed',
        context.organizationId,
        {
          accountId: target.accountId,
          email: emailOf(target.accountId),
          role: target.role,
          reason: target.accountId === self ? 'left' : 'removed',
        },
        principalOf(context.actor),
      ),
    ),
  ])
  if (owners.length && other) items.push(memberRoleCheck(context.organizationId, other.accountId, 'OWNER'))
  await commit(items)
}

/** The caller leaves (never the last owner); answers their account, its selection fallen back. */
export async function leaveOrganization(context: OrganizationContext): Promise<Account> {
  const caller = requireUser(context.actor)
  // The caller's own address is on the actor: no profile to read.
  const members = await listMembers(context.organizationId)
  const me = members.find((member) => member.accountId === caller.accountId)
  if (!me) throw new AppError('organization.not_found', 'No such organization.')
  const other = remainingOwner(members, new Set([caller.accountId]))
  if (me.role === 'OWNER' && !other)
    throw ownerRequired(
      'You are the last owner: transfer ownership to another member first, or delete the organization.',
    )
  const items: NamedItem[] = [
    ...memberRemovalWrites(context.organizationId, caller.accountId, me.role),
    outboxPut(
      newEvent(
        'member.removed',
        context.organizationId,
        { accountId: caller.accountId, email: caller.email, role: me.role, reason: 'left' },
        principalOf(context.actor),
      ),
    ),
  ]
  if (me.role === 'OWNER' && other)
    items.push(memberRoleCheck(context.organizationId, other.accountId, 'OWNER'))
  await commit(items)
  return Accounts.getAccount(caller)
}
