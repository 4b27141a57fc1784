import {
  type Plan,
  PlanSchema,
  type PriceChangeNotice,
  PriceChangeNoticeSchema,
  type Role,
  RoleSchema,
  type SubscriptionStatus,
  SubscriptionStatusSchema,
} from '@app/contracts'
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { deleteAll } from '../db/batch'
import { parseItem } from '../db/item'
import {
  accountMembershipKey,
  accountMembershipsVersionKey,
  MEMBER_PREFIX,
  organizationKey,
  organizationMemberKey,
  organizationPartition,
} from '../db/keys'
import { type Item, queryAll, tableName } from '../db/table'
import { type NamedItem, transact } from '../db/transact'

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

const OrganizationItem = z.object({
  id: z.string(),
  name: z.string().default(''),
  plan: PlanSchema.nullable().default(null),
  subscriptionStatus: SubscriptionStatusSchema.nullable().default(null),
  actionsMonth: z.string().optional(),
  actionsSpent: z.number().optional(),
  createdAt: z.string(),
  createdBy: z.string(),
  stripeCustomerId: z.string().optional(),
  stripeSubscriptionId: z.string().optional(),
  billingReadAt: z.string().optional(),
  priceChangeNotice: PriceChangeNoticeSchema.optional(),
}) satisfies z.ZodType<OrganizationRecord>

const MemberItem = z.object({
  orgId: z.string(),
  accountId: z.string(),
  role: RoleSchema,
  joinedAt: z.string(),
}) satisfies z.ZodType<MemberRecord>

export const toOrganizationRecord = (item: Item): OrganizationRecord => parseItem(OrganizationItem, item)
export const toMember = (item: Item): MemberRecord => parseItem(MemberItem, item)

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

type TransactItem = NamedItem

/** The writes that create an organization with its first owner (part of a caller's transaction). */
export function createOrganizationWrites(org: OrganizationRecord, owner: MemberRecord): TransactItem[] {
  return [
    {
      name: 'organization',
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
      name: 'organization.member',
      Put: {
        TableName: tableName(),
        Item: { ...organizationMemberKey(member.orgId, member.accountId), entity: 'Member', ...member },
      },
    },
    {
      name: 'account.membership',
      Put: {
        TableName: tableName(),
        Item: { ...accountMembershipKey(member.accountId, member.orgId), entity: 'Membership', ...member },
      },
    },
    // The account's reads that rely on knowing its organizations see that one was added (accounts.repo).
    {
      name: 'account.memberships_version',
      Update: {
        TableName: tableName(),
        Key: accountMembershipsVersionKey(member.accountId),
        UpdateExpression: 'ADD #version :one',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':one': 1 },
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
  return toOrganizationRecord(Attributes ?? {})
}

/**
 * Sets START only while no paid subscription is live: no plan yet, already START, or a paid plan whose
 * subscription has ended. The condition makes the check and the write one atomic step; it also holds the plan
 * `from` the caller read, and `changed` (the plan's event) is written with it when that plan was not START.
 * A transaction whose `organization` condition failed when a condition kept the write out.
 */
export async function chooseStartPlan(
  orgId: string,
  liveStatuses: readonly SubscriptionStatus[],
  from: Plan | null,
  changed: NamedItem[],
): Promise<OrganizationRecord> {
  const statusValues = Object.fromEntries(liveStatuses.map((status, index) => [`:live${index}`, status]))
  await transact([
    {
      name: 'organization',
      Update: {
        TableName: tableName(),
        Key: organizationKey(orgId),
        UpdateExpression: 'SET #plan = :start REMOVE subscriptionStatus',
        ConditionExpression: `attribute_exists(PK) AND (attribute_not_exists(#plan) OR #plan = :start OR NOT (subscriptionStatus IN (${Object.keys(statusValues).join(', ')}))) AND ${from === null ? '(attribute_not_exists(#plan) OR attribute_type(#plan, :null))' : '#plan = :from'}`,
        ExpressionAttributeNames: { '#plan': 'plan' },
        ExpressionAttributeValues: {
          ':start': 'START',
          ...statusValues,
          ...(from === null ? { ':null': 'NULL' } : { ':from': from }),
        },
      },
    },
    ...(from === 'START' ? [] : changed),
  ])
  const after = await getOrganization(orgId)
  if (!after) throw new Error('The organization was deleted while choosing START')
  return after
}

/** Removes one member (both membership items) in one transaction. */
export async function removeMember(orgId: string, accountId: string): Promise<void> {
  await transact([
    {
      name: 'organization.member',
      Delete: { TableName: tableName(), Key: organizationMemberKey(orgId, accountId) },
    },
    {
      name: 'account.membership',
      Delete: { TableName: tableName(), Key: accountMembershipKey(accountId, orgId) },
    },
  ])
}

/**
 * The writes that change a member's role from `from` to `to` (both membership items), each on condition that the
 * role is still `from`: a concurrent change or removal makes the transaction fail rather than overwrite it.
 */
export function roleChangeWrites(orgId: string, accountId: string, from: Role, to: Role): NamedItem[] {
  const update = (name: string, Key: Record<string, string>): NamedItem => ({
    name,
    Update: {
      TableName: tableName(),
      Key,
      UpdateExpression: 'SET #role = :to',
      ConditionExpression: '#role = :from',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':from': from, ':to': to },
    },
  })
  return [
    update('organization.member', organizationMemberKey(orgId, accountId)),
    update('account.membership', accountMembershipKey(accountId, orgId)),
  ]
}

/** The writes that remove a member read with `role` (both items), on condition that the role did not change. */
export function memberRemovalWrites(orgId: string, accountId: string, role: Role): NamedItem[] {
  const remove = (name: string, Key: Record<string, string>): NamedItem => ({
    name,
    Delete: {
      TableName: tableName(),
      Key,
      ConditionExpression: '#role = :role',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': role },
    },
  })
  return [
    remove('organization.member', organizationMemberKey(orgId, accountId)),
    remove('account.membership', accountMembershipKey(accountId, orgId)),
  ]
}

/** A check (in a caller's transaction) that a member still holds `role`: the owner that stays when another goes. */
export function memberRoleCheck(orgId: string, accountId: string, role: Role): NamedItem {
  return {
    name: 'organization.remaining_owner',
    ConditionCheck: {
      TableName: tableName(),
      Key: organizationMemberKey(orgId, accountId),
      ConditionExpression: '#role = :role',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': role },
    },
  }
}

/** Deletes the profile as it was read: fails (to be read again) if the Stripe customer changed meanwhile. */
export function deleteOrganizationWrite(org: OrganizationRecord): NamedItem {
  return {
    name: 'organization.profile',
    Delete: {
      TableName: tableName(),
      Key: organizationKey(org.id),
      ConditionExpression: org.stripeCustomerId
        ? 'stripeCustomerId = :customer'
        : 'attribute_exists(PK) AND attribute_not_exists(stripeCustomerId)',
      ...(org.stripeCustomerId ? { ExpressionAttributeValues: { ':customer': org.stripeCustomerId } } : {}),
    },
  }
}

/**
 * The organization's purge begins here: the profile first (every access check fails from then on), then the
 * members' own membership items, kept in their accounts' partitions.
 */
export async function deleteProfileAndMemberships(orgId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: organizationKey(orgId) }))
  const members = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :member)',
    ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':member': MEMBER_PREFIX },
    ProjectionExpression: 'accountId',
    ConsistentRead: true,
  })
  await deleteAll(members.map((member) => accountMembershipKey(member.accountId as string, orgId)))
}
