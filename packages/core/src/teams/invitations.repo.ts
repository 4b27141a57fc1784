import { InvitableRoleSchema, InviterSchema } from '@app/contracts'
import { GetCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { itemParser } from '../db/item'
import {
  INVITATION_PREFIX,
  invitationKey,
  invitationPointerKey,
  invitationsSentKey,
  organizationPartition,
} from '../db/keys'
import { queryAll, tableName } from '../db/table'
import type { NamedItem } from '../db/transact'

/** How an invitation stands in storage; `expired` is never stored (a pending one past `expiresAt` reads so). */
export type StoredInvitationState = 'pending' | 'accepted' | 'declined' | 'revoked'
export type EndedState = Exclude<StoredInvitationState, 'pending'>

export interface InvitationRecord {
  id: string
  organizationId: string
  /** Lower-cased. */
  email: string
  role: z.infer<typeof InvitableRoleSchema>
  invitedBy: z.infer<typeof InviterSchema>
  createdAt: string
  sentAt: string
  /** When the link stops working (7 days after `sentAt`); stored as `validUntil` (`expiresAt` is the item's TTL). */
  expiresAt: string
  state: StoredInvitationState
  endedAt: string | null
  /** SHA-256 (base64url) of the link's token; the token itself is never stored. */
  tokenHash: string
}

const InvitationItem = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    email: z.string(),
    role: InvitableRoleSchema,
    invitedBy: InviterSchema,
    createdAt: z.string(),
    sentAt: z.string(),
    validUntil: z.string(),
    state: z.enum(['pending', 'accepted', 'declined', 'revoked']),
    endedAt: z.string().nullable(),
    tokenHash: z.string(),
  })
  .transform(({ validUntil, ...rest }): InvitationRecord => ({ ...rest, expiresAt: validUntil }))

const toInvitation = itemParser(InvitationItem)
const toPointer = itemParser(z.object({ organizationId: z.string() }))
const toSends = itemParser(z.object({ sent: z.array(z.number()), version: z.number().int() }))

/** An ended (or expired) invitation stays listed 30 days, then DynamoDB's TTL removes it and its pointer. */
const KEPT_SECONDS = 30 * 24 * 3600
const ttlAfter = (iso: string) => Math.ceil(Date.parse(iso) / 1000) + KEPT_SECONDS

/** Sends (new and resent invitations) of the last day, and the version the next write is conditioned on. */
export interface Sends {
  sent: number[]
  version: number
}

/** V2: an invitation by its id alone (the link's), wherever it lives; undefined when unknown. */
export async function findInvitation(invitationId: string): Promise<InvitationRecord | undefined> {
  const pointer = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: invitationPointerKey(invitationId), ConsistentRead: true }),
  )
  if (!pointer.Item) return undefined
  return getInvitation(toPointer(pointer.Item).organizationId, invitationId)
}

export async function getInvitation(
  orgId: string,
  invitationId: string,
): Promise<InvitationRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: invitationKey(orgId, invitationId), ConsistentRead: true }),
  )
  return Item ? toInvitation(Item) : undefined
}

/** V3: every invitation the organization still keeps (the TTL removes those ended over 30 days ago). */
export async function listInvitationRecords(orgId: string): Promise<InvitationRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': organizationPartition(orgId), ':prefix': INVITATION_PREFIX },
    ConsistentRead: true,
  })
  return items.map(toInvitation)
}

export async function getSends(orgId: string): Promise<Sends> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: invitationsSentKey(orgId), ConsistentRead: true }),
  )
  return Item ? toSends(Item) : { sent: [], version: 0 }
}

/**
 * V1/V4: the day's sends as they will be, on condition that nobody wrote them since `read` (version): of two
 * concurrent invites one fails here (`invitations.sent`) and is read again.
 */
export function sendsWrite(orgId: string, read: Sends, sent: number[]): NamedItem {
  return {
    name: 'invitations.sent',
    Put: {
      TableName: tableName(),
      Item: {
        ...invitationsSentKey(orgId),
        entity: 'InvitationsSent',
        sent,
        version: read.version + 1,
        expiresAt: Math.ceil(Math.max(...sent, 0) / 1000) + 24 * 3600,
      },
      ConditionExpression: read.version === 0 ? 'attribute_not_exists(PK)' : 'version = :version',
      ...(read.version === 0 ? {} : { ExpressionAttributeValues: { ':version': read.version } }),
    },
  }
}

function invitationItem(record: InvitationRecord) {
  const { expiresAt, ...rest } = record
  return {
    ...invitationKey(record.organizationId, record.id),
    entity: 'Invitation',
    ...rest,
    validUntil: expiresAt,
    expiresAt: ttlAfter(expiresAt),
  }
}

/** V1: a new invitation and the pointer its link's id is found by. */
export function newInvitationWrites(record: InvitationRecord): NamedItem[] {
  return [
    {
      name: 'invitation',
      Put: {
        TableName: tableName(),
        Item: invitationItem(record),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      name: 'invitation.pointer',
      Put: {
        TableName: tableName(),
        Item: {
          ...invitationPointerKey(record.id),
          entity: 'InvitationPointer',
          organizationId: record.organizationId,
          expiresAt: ttlAfter(record.expiresAt),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ]
}

/** V4: a new link (token, sent, expiry) for an invitation still stored pending with the token read. */
export function resendWrites(
  record: InvitationRecord,
  next: { tokenHash: string; sentAt: string; expiresAt: string },
): NamedItem[] {
  return [
    {
      name: 'invitation',
      Update: {
        TableName: tableName(),
        Key: invitationKey(record.organizationId, record.id),
        UpdateExpression: 'SET tokenHash = :hash, sentAt = :sent, validUntil = :until, expiresAt = :ttl',
        ConditionExpression: '#state = :pending AND tokenHash = :old',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':hash': next.tokenHash,
          ':sent': next.sentAt,
          ':until': next.expiresAt,
          ':ttl': ttlAfter(next.expiresAt),
          ':pending': 'pending',
          ':old': record.tokenHash,
        },
      },
    },
    {
      name: 'invitation.pointer',
      Update: {
        TableName: tableName(),
        Key: invitationPointerKey(record.id),
        UpdateExpression: 'SET expiresAt = :ttl',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':ttl': ttlAfter(next.expiresAt) },
      },
    },
  ]
}

/**
 * V5: the invitation ends (`state`) if it is still pending; with `proof` (the invitee's call) also only while its
 * token is the one presented and its link has not expired at `proof.now`.
 */
export function endWrite(
  record: InvitationRecord,
  state: EndedState,
  endedAt: string,
  proof?: { tokenHash: string; now: string },
): NamedItem {
  return {
    name: 'invitation',
    Update: {
      TableName: tableName(),
      Key: invitationKey(record.organizationId, record.id),
      UpdateExpression: 'SET #state = :state, endedAt = :ended, expiresAt = :ttl',
      ConditionExpression: proof
        ? '#state = :pending AND tokenHash = :hash AND validUntil > :now'
        : '#state = :pending',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':state': state,
        ':ended': endedAt,
        ':ttl': ttlAfter(endedAt),
        ':pending': 'pending',
        ...(proof ? { ':hash': proof.tokenHash, ':now': proof.now } : {}),
      },
    },
  }
}
