import { AUDIT_RETENTION_DAYS, AuditEntrySchema, TABLE } from '@app/contracts'
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { parseItem } from '../db/item'
import {
  AUDIT_PREFIX,
  auditActorIndex,
  auditActorPartition,
  auditEntryKey,
  auditSortValue,
  organizationPartition,
} from '../db/keys'
import { GSI1, type Item, tableName } from '../db/table'
import { isConditionalCheckFailure } from '../errors'
import type { AuditRecord } from './entry'

const ENTITY = 'AuditEntry'
const StoredSchema = AuditEntrySchema.extend({ organizationId: z.string().min(1) })
/** Entries a page reads at most when an action filter drops most of them (then a short page, and a cursor). */
export const MAX_READ_PER_PAGE = 2000
const FILTERED_READ = 250

/** L1: records an entry once; false when its event was recorded before (a redelivery). */
export async function putEntry(record: AuditRecord): Promise<boolean> {
  const { organizationId: orgId, occurredAt, id } = record
  const expiresAt = Math.floor(Date.parse(occurredAt) / 1000) + AUDIT_RETENTION_DAYS * 24 * 3600
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...auditEntryKey(orgId, occurredAt, id),
          ...(record.actor.type === 'user' && record.actor.id
            ? auditActorIndex(orgId, record.actor.id, occurredAt, id)
            : {}),
          entity: ENTITY,
          ...record,
          [TABLE.ttlAttribute]: expiresAt,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}

export interface EntryQuery {
  /** The member who acted (their entries' index partition), else every entry. */
  member?: string | undefined
  /** One action code, or an area's prefix ending in a dot. */
  action?: string | undefined
  /** Days, UTC, both included. */
  from?: string | undefined
  to?: string | undefined
  limit: number
  /** The time-ordered value (`auditSortValue`) of the last entry the previous page read. */
  after?: string | undefined
}

export interface EntryPage {
  entries: AuditRecord[]
  /** Where the next page starts (the last entry read), or undefined after the last. */
  next?: string
}

/** The sort-key range of the days asked for (the whole log without them). */
function range(from: string | undefined, to: string | undefined): [string, string] {
  return [from ?? '0', to ? `${to}T99` : '~']
}

/** L2 / L3: a page of the log, newest first, filtered in the database. */
export async function listEntries(orgId: string, query: EntryQuery): Promise<EntryPage> {
  const onIndex = query.member !== undefined
  const prefix = onIndex ? '' : AUDIT_PREFIX
  const [low, high] = range(query.from, query.to)
  const pk = onIndex ? auditActorPartition(orgId, query.member as string) : organizationPartition(orgId)
  const names: Record<string, string> = { '#pk': onIndex ? 'GSI1PK' : 'PK', '#sk': onIndex ? 'GSI1SK' : 'SK' }
  const values: Record<string, unknown> = {
    ':pk': pk,
    ':low': `${prefix}${low}`,
    ':high': `${prefix}${high}`,
  }
  let filter: string | undefined
  if (query.action) {
    names['#action'] = 'action'
    values[':action'] = query.action
    filter = query.action.endsWith('.') ? 'begins_with(#action, :action)' : '#action = :action'
  }
  const keyOf = (sortValue: string): Item => {
    const [occurredAt = '', id = ''] = sortValue.split('#')
    const key: Item = auditEntryKey(orgId, occurredAt, id)
    return onIndex && query.member ? { ...key, ...auditActorIndex(orgId, query.member, occurredAt, id) } : key
  }
  const entries: AuditRecord[] = []
  let startKey: Item | undefined = query.after ? keyOf(query.after) : undefined
  let read = 0
  let lastRead: string | undefined
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        ...(onIndex ? { IndexName: GSI1 } : {}),
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :low AND :high',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ...(filter ? { FilterExpression: filter } : {}),
        ScanIndexForward: false,
        // Unfiltered: one more than the page, to know whether another follows.
        Limit: filter ? FILTERED_READ : query.limit + 1 - entries.length,
        ExclusiveStartKey: startKey,
      }),
    )
    for (const item of page.Items ?? []) entries.push(parseItem(StoredSchema, item))
    read += page.ScannedCount ?? 0
    startKey = page.LastEvaluatedKey
    if (startKey) lastRead = String(onIndex ? startKey.GSI1SK : String(startKey.SK).slice(prefix.length))
  } while (startKey && entries.length <= query.limit && read < MAX_READ_PER_PAGE)
  if (entries.length > query.limit) {
    const shown = entries.slice(0, query.limit)
    const last = shown.at(-1) as AuditRecord
    return { entries: shown, next: auditSortValue(last.occurredAt, last.id) }
  }
  // The page is not full: the log ended, or the read budget did (continue from the last entry read).
  return startKey && lastRead ? { entries, next: lastRead } : { entries }
}
