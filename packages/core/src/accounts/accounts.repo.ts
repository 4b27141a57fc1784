import { RoleSchema } from '@app/contracts'
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { batchGet } from '../db/batch'
import { itemParser } from '../db/item'
import {
  accountEmailIndex,
  accountKey,
  accountMembershipKey,
  accountMembershipsVersionKey,
  accountPartition,
  MEMBERSHIP_PREFIX,
  organizationKey,
  organizationMemberKey,
} from '../db/keys'
import { queryIndex } from '../db/query'
import { GSI1, type Item, queryAll, tableName } from '../db/table'
import type { NamedItem } from '../db/transact'
import type { OrganizationRecord } from '../organizations/public'

export interface AccountRecord {
  id: string
  username: string
  email: string
  name?: string
  picture: string | null
  selectedOrganization: string | null
  selectedAwsAccount: string | null
  lastProductUpdateAt: string | null
  emailVerifiedAt: string | null
  suspendedAt: string | null
  createdAt: string
}

const MembershipItem = z.object({ orgId: z.string(), role: RoleSchema })
export type AccountMembership = z.infer<typeof MembershipItem>

/** Absent optional attributes read as null (an update with null removes the attribute). */
const orNull = z
  .string()
  .nullish()
  .transform((value) => value ?? null)
const AccountItem = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string().optional(),
  picture: orNull,
  selectedOrganization: orNull,
  selectedAwsAccount: orNull,
  lastProductUpdateAt: orNull,
  emailVerifiedAt: orNull,
  suspendedAt: orNull,
  createdAt: z.string(),
}) satisfies z.ZodType<AccountRecord>

const toAccount = itemParser(AccountItem)
const toMembership = itemParser(MembershipItem)
const toVersion = itemParser(z.object({ version: z.number().int() }))

export function createAccountWrite(account: AccountRecord): NamedItem {
  return {
    name: 'account',
    Put: {
      TableName: tableName(),
      Item: { ...accountKey(account.id), ...accountEmailIndex(account.email), entity: 'Account', ...account },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  }
}

/** The account profile and its memberships: one strongly consistent query of the account partition. */
export async function getAccountWithMemberships(
  accountId: string,
): Promise<{ account: AccountRecord; memberships: AccountMembership[]; version: number } | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': accountPartition(accountId) },
    ConsistentRead: true,
  })
  const profile = items.find((item) => item.SK === accountKey(accountId).SK)
  if (!profile) return undefined
  const memberships = items
    .filter((item) => (item.SK as string).startsWith(MEMBERSHIP_PREFIX))
    .map(toMembership)
  const marker = items.find((item) => item.SK === accountMembershipsVersionKey(accountId).SK)
  return { account: toAccount(profile), memberships, version: versionOf(marker) }
}

const versionOf = (marker: Item | undefined) => (marker ? toVersion(marker).version : 0)

/**
 * The account with the memberships and organization profiles of `orgIds` (what an earlier read found), in one
 * consistent BatchGet, when no membership was added since that read (`version` unchanged); otherwise 'stale'.
 * A membership removed since is simply not found. At most 49 organizations (100 keys a call).
 */
export async function getAccountWithKnownOrganizations(
  accountId: string,
  known: { orgIds: string[]; version: number },
): Promise<
  | { account: AccountRecord; memberships: AccountMembership[]; orgItems: Item[]; version: number }
  | 'stale'
  | undefined
> {
  if (known.orgIds.length > 49) return 'stale'
  const [profile, marker, ...rest] = await batchGet(
    [
      accountKey(accountId),
      accountMembershipsVersionKey(accountId),
      ...known.orgIds.map((orgId) => accountMembershipKey(accountId, orgId)),
      ...known.orgIds.map(organizationKey),
    ],
    { consistent: true },
  )
  if (!profile) return undefined
  if (versionOf(marker) !== known.version) return 'stale'
  const memberships = rest.slice(0, known.orgIds.length).flatMap((item) => (item ? [toMembership(item)] : []))
  const orgItems = rest.slice(known.orgIds.length).filter((item) => item !== undefined)
  return { account: toAccount(profile), memberships, orgItems, version: known.version }
}

export async function getAccountProfile(accountId: string): Promise<AccountRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: accountKey(accountId), ConsistentRead: true }),
  )
  return Item ? toAccount(Item) : undefined
}

/** Several accounts' profiles (BatchGet), in the order asked; undefined for one that is gone. */
export async function getAccountProfiles(accountIds: string[]): Promise<(AccountRecord | undefined)[]> {
  const found = await batchGet(accountIds.map(accountKey), { consistent: true })
  return found.map((item) => (item ? toAccount(item) : undefined))
}

/**
 * Selects an organization for the account, in a caller's transaction (joining one lands the member in it); the
 * AWS account selection is cleared as a selection by hand clears it (spec §4).
 */
export function selectOrganizationWrite(accountId: string, orgId: string): NamedItem {
  return {
    name: 'account.selection',
    Update: {
      TableName: tableName(),
      Key: accountKey(accountId),
      UpdateExpression: 'SET selectedOrganization = :org REMOVE selectedAwsAccount',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':org': orgId },
    },
  }
}

export async function findAccountByEmail(email: string): Promise<AccountRecord | undefined> {
  const { GSI1PK, GSI1SK } = accountEmailIndex(email)
  const { items } = await queryIndex(GSI1, GSI1PK, { sk: { equals: GSI1SK }, limit: 1 })
  return items[0] ? toAccount(items[0]) : undefined
}

/**
 * What a signed-in call acting for an organization needs, in one read: the caller's profile, and the member and
 * organization items (raw: the organizations module maps them).
 */
export async function getCallerItems(accountId: string, orgId: string) {
  const keys = [accountKey(accountId), organizationMemberKey(orgId, accountId), organizationKey(orgId)]
  const [profile, member, organization] = await batchGet(keys, { consistent: true })
  return {
    account: profile ? toAccount(profile) : undefined,
    memberItem: member,
    organizationItem: organization,
  }
}

/** Organization profiles by id (BatchGet, 100 per call), in no particular order; missing ones are skipped. */
export async function getOrganizationsByIds(orgIds: string[]): Promise<Item[]> {
  const found = await batchGet(orgIds.map(organizationKey), { consistent: true })
  return found.filter((item) => item !== undefined)
}

export type AccountChanges = Partial<
  Pick<
    AccountRecord,
    | 'name'
    | 'picture'
    | 'selectedOrganization'
    | 'selectedAwsAccount'
    | 'lastProductUpdateAt'
    | 'emailVerifiedAt'
    | 'suspendedAt'
  >
>

/** Applies changes to an existing profile; null removes the attribute. */
export async function updateAccountProfile(accountId: string, changes: AccountChanges): Promise<void> {
  const set: string[] = []
  const remove: string[] = []
  const names: Record<string, string> = {}
  const values: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue
    names[`#${field}`] = field
    if (value === null) remove.push(`#${field}`)
    else {
      set.push(`#${field} = :${field}`)
      values[`:${field}`] = value
    }
  }
  if (set.length === 0 && remove.length === 0) return
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: accountKey(accountId),
      UpdateExpression: [
        set.length ? `SET ${set.join(', ')}` : '',
        remove.length ? `REMOVE ${remove.join(', ')}` : '',
      ]
        .join(' ')
        .trim(),
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: names,
      ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
    }),
  )
}

export type { OrganizationRecord }
