import {
  type ConsentEntry,
  ConsentEntrySchema,
  ConsentSourceKindSchema,
  ContactSourceSchema,
  PreferenceStatusSchema,
  SuppressionReasonSchema,
} from '@app/contracts'
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { batchGet } from '../db/batch'
import { itemParser } from '../db/item'
import {
  AUDIENCE_COUNTS_SK,
  addressPartition,
  audienceCountPartition,
  CONTACT_PREFIX,
  contactEmailIndexPartition,
  contactNameIndexPartition,
  contactPartition,
  nameSortKey,
  preferencePartition,
  preferenceSortKey,
  SUPPRESSION_PREFIX,
  trailPrefix,
} from '../db/keys'
import { principalItem } from '../db/principal'
import { queryPartition } from '../db/query'
import { pickShard, shardKey, shardKeys } from '../db/shards'
import { type Item, tableName } from '../db/table'
import { isConditionalCheckFailure } from '../errors'
import type { ContactRecord, SuppressionRecord } from './model'

/** The shard of a contact's partitions and indexes (by its id: a point read needs no scatter). */
export const contactShard = (orgId: string, contactId: string) => {
  const pk = pickShard(contactPartition(orgId), contactId)
  return Number(pk.slice(pk.lastIndexOf('#') + 1))
}

export const contactKey = (orgId: string, contactId: string) => ({
  PK: pickShard(contactPartition(orgId), contactId),
  SK: `${CONTACT_PREFIX}${contactId}`,
})
export const emailClaimKey = (orgId: string, email: string) => ({
  PK: pickShard(addressPartition(orgId), email),
  SK: `${CONTACT_PREFIX}${email}`,
})
export const suppressionKey = (orgId: string, email: string) => ({
  PK: pickShard(addressPartition(orgId), email),
  SK: `${SUPPRESSION_PREFIX}${email}`,
})
export const trailKey = (orgId: string, contactId: string, entryId: string) => ({
  PK: pickShard(contactPartition(orgId), contactId),
  SK: `${trailPrefix(contactId)}${entryId}`,
})
export const preferenceKey = (
  orgId: string,
  contact: { id: string; email: string },
  topicId: string,
  status: 'OPT_IN' | 'OPT_OUT' | 'PENDING',
) => ({
  PK: pickShard(preferencePartition(orgId), contact.id),
  SK: preferenceSortKey(topicId, status, contact.email),
})
export const countersKey = (orgId: string, shard?: number) => ({
  PK:
    shard === undefined
      ? pickShard(audienceCountPartition(orgId))
      : shardKey(audienceCountPartition(orgId), shard),
  SK: AUDIENCE_COUNTS_SK,
})
export const allCountersKeys = (orgId: string) =>
  shardKeys(audienceCountPartition(orgId)).map((PK) => ({ PK, SK: AUDIENCE_COUNTS_SK }))

/** What the name index sorts by: `firstName lastName`, lower-case; null without a name. */
export function nameKeyOf(contact: Pick<ContactRecord, 'firstName' | 'lastName'>): string | null {
  const name = [contact.firstName, contact.lastName]
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .trim()
    .toLowerCase()
  return name === '' ? null : name
}

/** The stored item of a contact: the record, its index keys and `blocked` (only when true). */
export function contactItem(contact: ContactRecord): Item {
  const shard = contactShard(contact.orgId, contact.id)
  const nameKey = nameKeyOf(contact)
  return {
    ...contactKey(contact.orgId, contact.id),
    entity: 'contact',
    ...contact,
    GSI1PK: contactEmailIndexPartition(contact.orgId, shard),
    GSI1SK: contact.email,
    ...(nameKey
      ? {
          GSI2PK: contactNameIndexPartition(contact.orgId, shard),
          GSI2SK: nameSortKey(nameKey, contact.id),
          nameKey,
        }
      : {}),
    ...(contact.unsubscribeAll || contact.suppressed ? { blocked: true } : {}),
  }
}

const ContactItem = z.object({
  id: z.string(),
  orgId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  attributes: z.record(z.string(), z.string()),
  topics: z.record(z.string(), PreferenceStatusSchema),
  unsubscribeAll: z.boolean(),
  suppressed: z.object({ reason: SuppressionReasonSchema, at: z.string() }).nullable(),
  source: ContactSourceSchema,
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<ContactRecord>
export const toContact = itemParser(ContactItem)

const SuppressionItem = z.object({
  email: z.string(),
  all: z
    .object({
      reason: SuppressionReasonSchema,
      at: z.string(),
      source: ConsentSourceKindSchema,
      detail: z.string().optional(),
    })
    .nullable(),
  topicOptOuts: z.array(z.string()),
  updatedAt: z.string(),
}) satisfies z.ZodType<SuppressionRecord>
export const toSuppression = itemParser(SuppressionItem)
export const suppressionItem = (orgId: string, entry: SuppressionRecord): Item => ({
  ...suppressionKey(orgId, entry.email),
  entity: 'suppression',
  ...entry,
})

/**
 * Writes the suppression entry of an address no contact holds: a new one, or over `previous` as read (conditioned
 * on its updatedAt). False when another writer got there first (read again).
 */
export async function putSuppression(
  orgId: string,
  entry: SuppressionRecord,
  previous: SuppressionRecord | undefined,
): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: suppressionItem(orgId, entry),
        ...(previous
          ? {
              ConditionExpression: 'updatedAt = :updated',
              ExpressionAttributeValues: { ':updated': previous.updatedAt },
            }
          : { ConditionExpression: 'attribute_not_exists(PK)' }),
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}

/**
 * Drops a topic from the contact's preferences map, bumping its version so a concurrent writer reads again; a
 * contact deleted meanwhile is left alone.
 */
export async function removeTopicFromContact(
  orgId: string,
  contactId: string,
  topicId: string,
): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: contactKey(orgId, contactId),
        UpdateExpression: 'REMOVE #topics.#t SET version = version + :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#topics': 'topics', '#t': topicId },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    )
  } catch (error) {
    if (!isConditionalCheckFailure(error)) throw error
  }
}

// Entries written before the trail kept principals name a user as `{ accountId, email }`.
const toTrailEntry = itemParser(ConsentEntrySchema.extend({ by: principalItem.nullable() }))

export async function getContact(orgId: string, id: string): Promise<ContactRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: contactKey(orgId, id), ConsistentRead: true }),
  )
  return Item ? toContact(Item) : undefined
}

/** Contacts by id, consistent, in the order asked (undefined where missing). */
export async function getContacts(orgId: string, ids: string[]): Promise<(ContactRecord | undefined)[]> {
  const items = await batchGet(
    ids.map((id) => contactKey(orgId, id)),
    { consistent: true },
  )
  return items.map((item) => (item ? toContact(item) : undefined))
}

/** For each address: the contact id holding it and its suppression entry (one BatchGet, consistent). */
/** What an address holds: its contact (the uniqueness claim) and its suppression entry. */
export interface AddressLookup {
  contactId?: string
  suppression?: SuppressionRecord
}

export async function lookUpAddresses(orgId: string, emails: string[]): Promise<Map<string, AddressLookup>> {
  const keys = emails.flatMap((email) => [emailClaimKey(orgId, email), suppressionKey(orgId, email)])
  const items = await batchGet(keys, { consistent: true })
  const found = new Map<string, { contactId?: string; suppression?: SuppressionRecord }>()
  emails.forEach((email, index) => {
    const claim = items[index * 2]
    const suppression = items[index * 2 + 1]
    found.set(email, {
      ...(claim ? { contactId: String(claim.contactId) } : {}),
      ...(suppression ? { suppression: toSuppression(suppression) } : {}),
    })
  })
  return found
}

export async function getSuppression(orgId: string, email: string): Promise<SuppressionRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: suppressionKey(orgId, email), ConsistentRead: true }),
  )
  return Item ? toSuppression(Item) : undefined
}

/** A contact's consent trail, newest first. */
export async function listTrail(orgId: string, contactId: string, limit = 100): Promise<ConsentEntry[]> {
  const { items } = await queryPartition(pickShard(contactPartition(orgId), contactId), {
    sk: { beginsWith: trailPrefix(contactId) },
    backwards: true,
    consistent: true,
    limit,
  })
  return items.map(toTrailEntry)
}

/** Every consent entry key of a contact (to delete them with it). */
export async function trailKeys(orgId: string, contactId: string) {
  const { items } = await queryPartition(pickShard(contactPartition(orgId), contactId), {
    sk: { beginsWith: trailPrefix(contactId) },
    attributes: ['PK', 'SK'],
  })
  return items.map((item) => ({ PK: String(item.PK), SK: String(item.SK) }))
}

/** The organization's audience counters, summed over the shards. */
export async function readCounters(orgId: string): Promise<Record<string, number>> {
  const items = await batchGet(allCountersKeys(orgId), { consistent: true })
  const sums: Record<string, number> = {}
  for (const item of items) {
    if (!item) continue
    for (const [name, value] of Object.entries(item)) {
      if (typeof value === 'number') sums[name] = (sums[name] ?? 0) + value
    }
  }
  return sums
}
