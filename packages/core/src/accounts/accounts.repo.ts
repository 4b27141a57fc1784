import type { Role } from '@app/contracts'
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import {
  accountEmailIndex,
  accountKey,
  accountPartition,
  MEMBERSHIP_PREFIX,
  organizationKey,
} from '../db/keys'
import { GSI1, type Item, queryAll, tableName } from '../db/table'
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

export interface AccountMembership {
  orgId: string
  role: Role
}

function toAccount(item: Item): AccountRecord {
  return {
    id: item.id as string,
    username: item.username as string,
    email: item.email as string,
    name: item.name as string | undefined,
    picture: (item.picture as string | undefined) ?? null,
    selectedOrganization: (item.selectedOrganization as string | undefined) ?? null,
    selectedAwsAccount: (item.selectedAwsAccount as string | undefined) ?? null,
    lastProductUpdateAt: (item.lastProductUpdateAt as string | undefined) ?? null,
    emailVerifiedAt: (item.emailVerifiedAt as string | undefined) ?? null,
    suspendedAt: (item.suspendedAt as string | undefined) ?? null,
    createdAt: item.createdAt as string,
  }
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number]

export function createAccountWrite(account: AccountRecord): TransactItem {
  return {
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
    .map((item) => ({ orgId: item.orgId as string, role: item.role as Role }))
  return { account: toAccount(profile), memberships }
}

export async function getAccountProfile(accountId: string): Promise<AccountRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: accountKey(accountId), ConsistentRead: true }),
  )
  return Item ? toAccount(Item) : undefined
}

export async function findAccountByEmail(email: string): Promise<AccountRecord | undefined> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: GSI1,
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK = :sk',
      ExpressionAttributeValues: accountEmailIndexValues(email),
    }),
  )
  const item = Items?.[0]
  return item ? toAccount(item) : undefined
}

const accountEmailIndexValues = (email: string) => {
  const { GSI1PK, GSI1SK } = accountEmailIndex(email)
  return { ':pk': GSI1PK, ':sk': GSI1SK }
}

/** Organization profiles by id (BatchGet, 100 per call), in no particular order; missing ones are skipped. */
export async function getOrganizationsByIds(orgIds: string[]): Promise<Item[]> {
  const found: Item[] = []
  for (let start = 0; start < orgIds.length; start += 100) {
    let keys: Record<string, unknown>[] = orgIds.slice(start, start + 100).map(organizationKey)
    for (let attempt = 0; keys.length > 0; attempt++) {
      if (attempt > 8) throw new Error('DynamoDB kept leaving reads unprocessed')
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt))
      const result = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true } } }),
      )
      found.push(...((result.Responses?.[tableName()] ?? []) as Item[]))
      keys = (result.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, unknown>[]
    }
  }
  return found
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
