import type { Account, CreateAccountBody, UpdateAccountBody } from '@app/contracts'
import { principalOf, type UserActor } from '../actor'
import { deleteIdentityUser } from '../auth/public'
import * as AwsAccounts from '../aws-accounts/public'
import { deleteAll } from '../db/batch'
import { accountKey, accountPartition } from '../db/keys'
import { keyOf, nowIso, queryAll, tableName } from '../db/table'
import { transact } from '../db/transact'
import { AppError, isTransactionConditionFailure } from '../errors'
import { newEvent, outboxPut } from '../events/outbox'
import type { Logger } from '../log'
import type { Permission } from '../organizations/public'
import * as OrganizationsStore from '../organizations/public'
import { memberContext, type OrganizationContext, Organizations } from '../organizations/public'
import * as Repo from './accounts.repo'
import { sendEmailVerification } from './email-verification'

export type { AccountRecord } from './accounts.repo'

const notFound = () =>
  new AppError('account.not_found', 'No account yet for this sign-in: create it with POST /api/account.')

/**
 * The organizations each account had when this container last read it, with its memberships version (at most
 * `KNOWN_ACCOUNTS`, oldest forgotten first). The next read then takes one consistent BatchGet instead of a query
 * and a BatchGet after it: profile, version, those memberships and organization profiles, all fresh. A membership
 * added since changes the version (the read falls back to the query); one removed since is simply not found.
 */
const knownOrganizations = new Map<string, { orgIds: string[]; version: number }>()
const KNOWN_ACCOUNTS = 1000

function remember(accountId: string, known: { orgIds: string[]; version: number }): void {
  knownOrganizations.delete(accountId)
  knownOrganizations.set(accountId, known)
  const oldest = knownOrganizations.keys().next().value
  if (knownOrganizations.size > KNOWN_ACCOUNTS && oldest !== undefined) knownOrganizations.delete(oldest)
}

/** The account, its memberships and the profiles of its organizations. */
async function readAccount(accountId: string) {
  const known = knownOrganizations.get(accountId)
  const fast = known && (await Repo.getAccountWithKnownOrganizations(accountId, known))
  if (fast && fast !== 'stale') return fast
  const found = await Repo.getAccountWithMemberships(accountId)
  if (!found) {
    knownOrganizations.delete(accountId)
    return undefined
  }
  const orgIds = found.memberships.map((membership) => membership.orgId)
  remember(accountId, { orgIds, version: found.version })
  return { ...found, orgItems: await Repo.getOrganizationsByIds(orgIds) }
}

/** The account as the app sees it: profile, organizations with the caller's role, and the selection. */
export async function getAccount(actor: UserActor, now = new Date()): Promise<Account> {
  const found = await readAccount(actor.accountId)
  if (!found) throw notFound()
  const { account, memberships, orgItems } = found
  const orgsById = new Map(orgItems.map((item) => [item.id as string, item]))
  const organizations = memberships
    .flatMap((membership) => {
      const item = orgsById.get(membership.orgId)
      if (!item) return [] // deleted while its membership items are being removed
      return [Organizations.toSummary(OrganizationsStore.toOrganizationRecord(item), membership.role, now)]
    })
    .sort((a, b) => a.id.localeCompare(b.id))

  // A selection that is no longer one of the user's organizations falls back as the spec says: with exactly
  // one organization, that one is selected.
  const stillMember = organizations.some((org) => org.id === account.selectedOrganization)
  const selectedOrganization = stillMember
    ? account.selectedOrganization
    : organizations.length === 1
      ? (organizations[0]?.id ?? null)
      : null
  return {
    id: account.id,
    email: account.email,
    emailVerified: account.emailVerifiedAt !== null || actor.emailVerified,
    ...(account.name ? { name: account.name } : {}),
    picture: account.picture,
    organizations,
    selectedOrganization,
    selectedAwsAccount: stillMember ? account.selectedAwsAccount : null,
    lastProductUpdateAt: account.lastProductUpdateAt,
    hasAccessToPlatform: account.suspendedAt === null,
  }
}

/**
 * First sign-in: the account, an unnamed organization it owns and its selection, in one transaction.
 * Repeating the call (or racing it) returns the account that exists.
 */
export async function createAccount(
  actor: UserActor,
  input: CreateAccountBody,
  log?: Logger,
): Promise<Account> {
  if (input.email !== actor.email.trim().toLowerCase()) {
    throw new AppError('account.email_mismatch', 'The email must be the one you signed in with.')
  }
  const now = nowIso()
  const { org, writes } = Organizations.newOrganization(actor, '', now)
  const account: Repo.AccountRecord = {
    id: actor.accountId,
    username: actor.username,
    email: input.email,
    picture: null,
    selectedOrganization: org.id,
    selectedAwsAccount: null,
    lastProductUpdateAt: null,
    emailVerifiedAt: actor.emailVerified ? now : null,
    suspendedAt: null,
    createdAt: now,
  }
  try {
    await transact([Repo.createAccountWrite(account), ...writes])
  } catch (error) {
    if (isTransactionConditionFailure(error)) return getAccount(actor)
    throw error
  }
  if (!actor.emailVerified) {
    // The account exists either way; a mail failure is logged and the user can ask again.
    await sendEmailVerification(actor).catch((error: unknown) =>
      log?.error('account.verification_mail_failed', { error }),
    )
  }
  return getAccount(actor)
}

export async function updateAccount(actor: UserActor, input: UpdateAccountBody): Promise<Account> {
  const current = await getAccount(actor)
  const changes: Repo.AccountChanges = {}
  if (input.selectedOrganization !== undefined) {
    if (!current.organizations.some((org) => org.id === input.selectedOrganization)) {
      throw new AppError('organization.not_found', 'No such organization.')
    }
    changes.selectedOrganization = input.selectedOrganization
    // Spec §4: selecting an organization clears the AWS account selection.
    changes.selectedAwsAccount = null
  }
  if (input.selectedAwsAccount !== undefined && input.selectedOrganization === undefined) {
    if (input.selectedAwsAccount !== null) {
      // Spec §4: with exactly one organization, that one counts as selected.
      const orgId =
        current.selectedOrganization ??
        (current.organizations.length === 1 ? current.organizations[0]?.id : undefined)
      const owner = await AwsAccounts.organizationOf(input.selectedAwsAccount)
      if (!orgId || owner !== orgId) {
        throw new AppError('aws_account.not_found', 'No such AWS account in the selected organization.')
      }
    }
    changes.selectedAwsAccount = input.selectedAwsAccount
  }
  if (input.name !== undefined) changes.name = input.name
  if (input.picture !== undefined) changes.picture = input.picture
  if (input.lastProductUpdateAt !== undefined) changes.lastProductUpdateAt = input.lastProductUpdateAt
  await Repo.updateAccountProfile(actor.accountId, changes)
  return getAccount(actor)
}

/**
 * Deletes the user: organizations they alone own go with everything in them; in others they are removed as a
 * member. The profile and the sign-in go at once.
 */
export async function deleteAccount(actor: UserActor): Promise<void> {
  const found = await Repo.getAccountWithMemberships(actor.accountId)
  for (const membership of found?.memberships ?? []) {
    const members = await OrganizationsStore.listMembers(membership.orgId)
    const otherOwners = members.filter(
      (member) => member.role === 'OWNER' && member.accountId !== actor.accountId,
    )
    if (membership.role === 'OWNER' && otherOwners.length === 0) {
      await Organizations.removeOrganization(membership.orgId, {
        type: 'user',
        accountId: actor.accountId,
        email: actor.email,
      })
    } else {
      await OrganizationsStore.removeMember(membership.orgId, actor.accountId)
    }
  }
  if (found) {
    const event = newEvent('account.deleted', null, { accountId: actor.accountId }, principalOf(actor))
    await transact([
      { name: 'account.profile', Delete: { TableName: tableName(), Key: accountKey(actor.accountId) } },
      outboxPut(event),
    ])
  }
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': accountPartition(actor.accountId) },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  })
  await deleteAll(items.map(keyOf))
  await deleteIdentityUser(found?.account.username ?? actor.username)
}

/**
 * Most calls need an existing, non-suspended account; a suspended one may only read and delete itself
 * (routes declare that in the contracts).
 */
export async function requireActiveAccount(actor: UserActor): Promise<Repo.AccountRecord> {
  return assertActive(await Repo.getAccountProfile(actor.accountId))
}

function assertActive(account: Repo.AccountRecord | undefined): Repo.AccountRecord {
  if (!account) throw notFound()
  if (account.suspendedAt) {
    throw new AppError(
      'account.suspended',
      'This account has been suspended. You can still view or delete it; contact support to restore access.',
    )
  }
  return account
}

/**
 * The active account and its context in an organization, read at once (one BatchGet for profile, member and
 * organization): what every signed-in call acting for a named organization starts with.
 */
export async function requireActiveAccountIn(
  actor: UserActor,
  organizationId: string,
  permission: Permission,
): Promise<{ account: Repo.AccountRecord; context: OrganizationContext }> {
  const found = await Repo.getCallerItems(actor.accountId, organizationId)
  const account = assertActive(found.account)
  const context = memberContext(
    {
      actor,
      organizationId,
      member: found.memberItem && OrganizationsStore.toMember(found.memberItem),
      organization: found.organizationItem && OrganizationsStore.toOrganizationRecord(found.organizationItem),
    },
    permission,
  )
  return { account, context }
}

/** The organization a call naming none acts for: the selected one, else the first the user belongs to. */
export async function defaultOrganizationOf(account: Repo.AccountRecord): Promise<string | undefined> {
  if (account.selectedOrganization) return account.selectedOrganization
  return (await Repo.getAccountWithMemberships(account.id))?.memberships[0]?.orgId
}

/** Operator action: suspend or restore an account's access to the platform. */
export async function setPlatformAccess(accountId: string, allowed: boolean): Promise<void> {
  await Repo.updateAccountProfile(accountId, { suspendedAt: allowed ? null : nowIso() })
}
