import type { ConsentEntry } from '@app/contracts'
import { ulid } from 'ulid'
import { tableName } from '../db/table'
import type { NamedItem } from '../db/transact'
import {
  contactItem,
  contactKey,
  countersKey,
  emailClaimKey,
  preferenceKey,
  suppressionItem,
  suppressionKey,
  trailKey,
} from './contacts.repo'
import { type ContactRecord, isBlocked, type SuppressionRecord } from './model'

/**
 * The transaction items of one change of a contact (audience/preferences.ts is the only caller): the contact
 * (conditioned on the version it was read at), the preference index items that move, one ADD to a random counter
 * shard, the consent entry, the suppression entry. Counters count explicit preferences of contacts that are not
 * blocked, for active topics only (see db/keys.ts A9).
 */
export interface ContactWrite {
  orgId: string
  before: ContactRecord | null
  /** null: the contact is deleted. */
  after: ContactRecord | null
  /** Topics taking preferences (not being deleted): other topics' preferences are dropped, uncounted. */
  activeTopicIds: ReadonlySet<string>
  trail: Omit<ConsentEntry, 'at'> | null
  suppression?: { before: SuppressionRecord | undefined; after: SuppressionRecord }
  at: string
  /**
   * The counter shard to add to (default: a random one). Concurrent writers of one batch each take their own, so
   * their transactions never conflict on a counter item.
   */
  counterShard?: number
}

const COUNTER_NAME = { OPT_IN: 'in', OPT_OUT: 'out', PENDING: 'pending' } as const

/** What one contact adds to the counters. */
export function contribution(
  contact: ContactRecord | null,
  active: ReadonlySet<string>,
): Map<string, number> {
  const counts = new Map<string, number>()
  if (!contact) return counts
  counts.set('contacts', 1)
  if (isBlocked(contact)) {
    counts.set('blocked', 1)
    return counts
  }
  for (const [topicId, status] of Object.entries(contact.topics)) {
    if (active.has(topicId)) counts.set(`${COUNTER_NAME[status]}_${topicId}`, 1)
  }
  return counts
}

function delta(write: ContactWrite): Map<string, number> {
  const before = contribution(write.before, write.activeTopicIds)
  const after = contribution(write.after, write.activeTopicIds)
  const changes = new Map<string, number>()
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const value = (after.get(name) ?? 0) - (before.get(name) ?? 0)
    if (value !== 0) changes.set(name, value)
  }
  return changes
}

/** The effective status a preference item is filed under. */
const filedStatus = (contact: ContactRecord, topicId: string) => {
  const status = contact.topics[topicId]
  if (!status) return undefined
  return isBlocked(contact) ? 'OPT_OUT' : status
}

/** The items of one change of a contact (`commitContact`'s transaction). */
export const contactWriteItems = (write: ContactWrite): NamedItem[] =>
  contactsWriteItems([write], write.counterShard)

/**
 * Changes of several contacts in one transaction (the importer's new contacts, each with an address of its own):
 * each contact's items, and one counter ADD on `counterShard` (default: a random shard) for them all.
 */
export function contactsWriteItems(writes: ContactWrite[], counterShard: number | undefined): NamedItem[] {
  const items: NamedItem[] = []
  const sum = new Map<string, number>()
  const added = new Set<string>()
  for (const write of writes) {
    const own = ownItems(write)
    items.push(...own.items)
    for (const topicId of own.added) added.add(topicId)
    for (const [name, value] of delta(write)) sum.set(name, (sum.get(name) ?? 0) + value)
  }
  for (const [name, value] of sum) if (value === 0) sum.delete(name)
  const counters = writes[0] && counterItem(writes[0].orgId, counterShard, sum, [...added])
  return counters ? [...items, counters] : items
}

/** A change's items but the counters': the contact, its email claim, preference index, consent trail, suppression. */
function ownItems(write: ContactWrite): { items: NamedItem[]; added: string[] } {
  const { orgId, before, after } = write
  const TableName = tableName()
  const items: NamedItem[] = []
  const contact = (after ?? before) as ContactRecord
  if (after) {
    items.push({
      name: 'contact',
      Put: {
        TableName,
        Item: contactItem(after),
        ...(before
          ? {
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': before.version },
            }
          : { ConditionExpression: 'attribute_not_exists(PK)' }),
      },
    })
  } else if (before) {
    items.push({
      name: 'contact',
      Delete: {
        TableName,
        Key: contactKey(orgId, before.id),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': before.version },
      },
    })
  }
  if (!before && after) {
    items.push({
      name: 'contact.email',
      Put: {
        TableName,
        Item: { ...emailClaimKey(orgId, after.email), entity: 'contactEmail', contactId: after.id },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    })
  }
  if (before && !after) {
    items.push({ name: 'contact.email', Delete: { TableName, Key: emailClaimKey(orgId, before.email) } })
  }

  const added: string[] = []
  const topicIds = new Set([...Object.keys(before?.topics ?? {}), ...Object.keys(after?.topics ?? {})])
  for (const topicId of topicIds) {
    const old = before && filedStatus(before, topicId)
    const next = after && write.activeTopicIds.has(topicId) ? filedStatus(after, topicId) : undefined
    if (old === next) continue
    if (old)
      items.push({
        name: 'preference',
        Delete: { TableName, Key: preferenceKey(orgId, contact, topicId, old) },
      })
    if (next) {
      added.push(topicId)
      items.push({
        name: 'preference',
        Put: {
          TableName,
          Item: {
            ...preferenceKey(orgId, contact, topicId, next),
            entity: 'preference',
            contactId: contact.id,
          },
        },
      })
    }
  }

  if (write.trail && after) {
    items.push({
      name: 'trail',
      Put: {
        TableName,
        Item: { ...trailKey(orgId, contact.id, ulid()), entity: 'consent', ...write.trail, at: write.at },
      },
    })
  }
  if (write.suppression) {
    const { before: old, after: next } = write.suppression
    items.push({
      name: 'suppression',
      Put: {
        TableName,
        Item: suppressionItem(orgId, next),
        ...(old
          ? {
              ConditionExpression: 'updatedAt = :updated',
              ExpressionAttributeValues: { ':updated': old.updatedAt },
            }
          : { ConditionExpression: 'attribute_not_exists(PK)' }),
      },
    })
  }
  return { items, added }
}

/** The ADD of `changes` to one counter shard, refused while a topic it subscribes is being deleted. */
function counterItem(
  orgId: string,
  counterShard: number | undefined,
  changes: Map<string, number>,
  added: string[],
): NamedItem | null {
  const TableName = tableName()
  if (changes.size === 0 && added.length === 0) return null
  const names: Record<string, string> = {}
  const values: Record<string, unknown> = {}
  const adds: string[] = []
  let index = 0
  for (const [name, value] of changes) {
    names[`#c${index}`] = name
    values[`:c${index}`] = value
    adds.push(`#c${index} :c${index}`)
    index++
  }
  if (adds.length === 0) {
    names['#c0'] = 'contacts'
    values[':c0'] = 0
    adds.push('#c0 :c0')
  }
  const conditions = added.map((topicId, position) => {
    values[`:t${position}`] = topicId
    return `NOT contains(deletingTopics, :t${position})`
  })
  return {
    name: 'counters',
    Update: {
      TableName,
      Key: countersKey(orgId, counterShard),
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(conditions.length > 0 ? { ConditionExpression: conditions.join(' AND ') } : {}),
    },
  }
}

export { suppressionKey }
