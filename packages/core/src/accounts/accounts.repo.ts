import { RoleSchema } from '@app/contracts'
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { batchGet } from '../db/batch'
import { itemParser } from '../db/item'
import {
  accountEmailIndex,
  accountKey,
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
): Promise<{ account: AccountRecord; memberships: AccountMembership[] } | undefined> {
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
  return { account: toAccount(profile), memberships }
}

export async function getAccountProfile(accountId: string): Promise<AccountRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: accountKey(accountId), ConsistentRead: true }),
  )
  return Item ? toAccount(Item) : undefined
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
