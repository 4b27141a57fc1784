import type { Plan, PriceChangeNotice, Role, SubscriptionStatus } from '@app/contracts'
import {
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { accountMembershipKey, MEMBER_PREFIX, organizationKey, organizationMemberKey } from '../db/keys'
import { type Item, queryAll, tableName } from '../db/table'

export interface OrganizationRecord {
  id: string
  name: string
  plan: Plan | null
  subscriptionStatus: SubscriptionStatus | null
  actionsMonth?: string
  actionsSpent?: number
  createdAt: string
  createdBy: string
  /** Stripe customer of this organization, created once on its first checkout. */
  stripeCustomerId?: string
  /** The subscription the plan and status were last read from. */
  stripeSubscriptionId?: string
  /** When the billing state was last read from Stripe (orders concurrent webhook deliveries). */
  billingReadAt?: string
  priceChangeNotice?: PriceChangeNotice
}

export interface MemberRecord {
  orgId: string
  accountId: string
  role: Role
  joinedAt: string
}

export function toOrganizationRecord(item: Item): OrganizationRecord {
  return {
    id: item.id as string,
    name: (item.name as string | undefined) ?? '',
    plan: (item.plan as Plan | undefined) ?? null,
    subscriptionStatus: (item.subscriptionStatus as SubscriptionStatus | undefined) ?? null,
    actionsMonth: item.actionsMonth as string | undefined,
    actionsSpent: item.actionsSpent as number | undefined,
    createdAt: item.createdAt as string,
    createdBy: item.createdBy as string,
    stripeCustomerId: item.stripeCustomerId as string | undefined,
    stripeSubscriptionId: item.stripeSubscriptionId as string | undefined,
    billingReadAt: item.billingReadAt as string | undefined,
    priceChangeNotice: item.priceChangeNotice as PriceChangeNotice | undefined,
  }
}

export function toMember(item: Item): MemberRecord {
  return {
    orgId: item.orgId as string,
    accountId: item.accountId as string,
    role: item.role as Role,
    joinedAt: item.joinedAt as string,
  }
}

export async function getOrganization(orgId: string): Promise<OrganizationRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: organizationKey(orgId), ConsistentRead: true }),
  )
  return Item ? toOrganizationRecord(Item) : undefined
}

export async function getMember(orgId: string, accountId: string): Promise<MemberRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: organizationMemberKey(orgId, accountId),
      ConsistentRead: true,
    }),
  )
  return Item ? toMember(Item) : undefined
}

export async function listMembers(orgId: string): Promise<MemberRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :member)',
    ExpressionAttributeValues: { ':pk': organizationKey(orgId).PK, ':member': MEMBER_PREFIX },
    ConsistentRead: true,
  })
  return items.map(toMember)
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number]

/** The writes that create an organization with its first owner (part of a caller's transaction). */
export function createOrganizationWrites(org: OrganizationRecord, owner: MemberRecord): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: { ...organizationKey(org.id), entity: 'Organization', ...org },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    ...memberWrites(owner),
  ]
}

/** A membership is two items written together (see db/keys.ts). */
export function memberWrites(member: MemberRecord): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: { ...organizationMemberKey(member.orgId, member.accountId), entity: 'Member', ...member },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...accountMembershipKey(member.accountId, member.orgId), entity: 'Membership', ...member },
      },
    },
  ]
}

export async function renameOrganization(orgId: string, name: string): Promise<OrganizationRecord> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: organizationKey(orgId),
      UpdateExpression: 'SET #name = :name',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': name },
      ReturnValues: 'ALL_NEW',
    }),
  )
  return toOrganizationRecord(Attributes as Item)
}

/**
 * Sets START only while no paid subscription is live: no plan yet, already START, or a paid plan whose
 * subscription has ended. The condition makes the check and the write one atomic step.
 */
export async function chooseStartPlan(
  orgId: string,
  liveStatuses: readonly SubscriptionStatus[],
): Promise<OrganizationRecord> {
  const statusValues = Object.fromEntries(liveStatuses.map((status, index) => [`:live${index}`, status]))
  const { Attributes } = await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: organizationKey(orgId),
      UpdateExpression: 'SET #plan = :start REMOVE subscriptionStatus',
      ConditionExpression: `attribute_exists(PK) AND (attribute_not_exists(#plan) OR #plan = :start OR NOT (subscriptionStatus IN (${Object.keys(statusValues).join(', ')})))`,
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: { ':start': 'START', ...statusValues },
      ReturnValues: 'ALL_NEW',
    }),
  )
  return toOrganizationRecord(Attributes as Item)
}

/** Removes one member (both membership items) in one transaction. */
export async function removeMember(orgId: string, accountId: string): Promise<void> {
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: organizationMemberKey(orgId, accountId) } },
        { Delete: { TableName: tableName(), Key: accountMembershipKey(accountId, orgId) } },
      ],
    }),
  )
}
