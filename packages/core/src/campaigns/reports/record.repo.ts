import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../../aws'
import {
  eventMarkerKey,
  REPORT_SUBSHARDS,
  recipientKey,
  reportBucketKey,
  reportCounterKey,
  reportLinkKey,
} from '../../db/keys'
import { tableName } from '../../db/table'
import { type NamedItem, TransactionFailed, transact } from '../../db/transact'
import { shardOf } from '../sending/public'
import { type Change, decide, type RecipientActivity, RecipientActivitySchema } from './decide'
import { bucketOf, type EngagementEvent, eventIdentity } from './model'

/** How long an event's marker stays: past SNS's and SES's redelivery windows. */
const MARKER_TTL_SECONDS = 30 * 24 * 3600
const ATTEMPTS = 8

export type RecordResult = 'counted' | 'duplicate' | 'unknown_recipient'

async function readActivity(key: { PK: string; SK: string }): Promise<RecipientActivity | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  )
  return Item ? RecipientActivitySchema.parse(Item) : undefined
}

type Values = Record<string, unknown>

/** `ADD #n0 :n0, …` (and the SETs) over generated names. */
function expression(sets: Record<string, unknown>, adds: Record<string, unknown>) {
  const names: Record<string, string> = {}
  const values: Values = {}
  const parts = (entries: [string, unknown][], prefix: string, format: (n: string, v: string) => string) =>
    entries.map(([name, value], index) => {
      names[`#${prefix}${index}`] = name
      values[`:${prefix}${index}`] = value
      return format(`#${prefix}${index}`, `:${prefix}${index}`)
    })
  const set = parts(Object.entries(sets), 's', (n, v) => `${n} = ${v}`)
  const add = parts(Object.entries(adds), 'a', (n, v) => `${n} ${v}`)
  return {
    UpdateExpression: [set.length ? `SET ${set.join(', ')}` : '', add.length ? `ADD ${add.join(', ')}` : '']
      .filter(Boolean)
      .join(' '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  }
}

function aggregateUpdate(
  name: string,
  key: { PK: string; SK: string },
  sets: Values,
  adds: Values,
): NamedItem {
  const built = expression({}, adds)
  const setParts = Object.entries(sets).map(([field, value], index) => {
    built.ExpressionAttributeNames[`#f${index}`] = field
    built.ExpressionAttributeValues[`:f${index}`] = value
    return `#f${index} = if_not_exists(#f${index}, :f${index})`
  })
  return {
    name,
    Update: {
      TableName: tableName(),
      Key: key,
      ...built,
      UpdateExpression: `SET ${setParts.join(', ')} ${built.UpdateExpression}`,
    },
  }
}

function transactionItems(
  event: EngagementEvent,
  state: RecipientActivity,
  change: Change,
  identity: string,
  now: Date,
): NamedItem[] {
  const { orgId, campaignId, contactId } = event
  const shard = shardOf(contactId)
  const sub = Math.floor(Math.random() * REPORT_SUBSHARDS)
  const version = state.rv ?? 0
  const recipient = expression(
    { ...change.set, rv: version + 1 },
    { ...change.add, ...(change.addLink ? { links: new Set([change.addLink]) } : {}) },
  )
  const items: NamedItem[] = [
    {
      name: 'report.marker',
      Put: {
        TableName: tableName(),
        Item: {
          ...eventMarkerKey(orgId, campaignId, shard, identity),
          entity: 'CampaignEventMarker',
          type: event.type,
          expiresAt: Math.floor(now.getTime() / 1000) + MARKER_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    {
      name: 'report.recipient',
      Update: {
        TableName: tableName(),
        Key: recipientKey(orgId, campaignId, shard, contactId),
        ...recipient,
        ConditionExpression:
          state.rv === undefined ? 'attribute_exists(PK) AND attribute_not_exists(rv)' : '#rv = :rv',
        ...(state.rv === undefined
          ? {}
          : {
              ExpressionAttributeNames: { ...recipient.ExpressionAttributeNames, '#rv': 'rv' },
              ExpressionAttributeValues: { ...recipient.ExpressionAttributeValues, ':rv': state.rv },
            }),
      },
    },
  ]
  const counters: Values = { ...change.counters }
  if (change.bounceKind) counters[`bounce:${change.bounceKind}`] = 1
  if (Object.keys(counters).length > 0)
    items.push(
      aggregateUpdate(
        'report.counter',
        reportCounterKey(orgId, campaignId, shard, sub),
        { entity: 'CampaignReportCounter' },
        counters,
      ),
    )
  if (change.bucket) {
    const bucket = bucketOf(event.at, event.sentAt)
    items.push(
      aggregateUpdate(
        'report.bucket',
        reportBucketKey(orgId, campaignId, shard, bucket, sub),
        { entity: 'CampaignReportBucket', bucket },
        change.bucket,
      ),
    )
  }
  if (change.link)
    items.push(
      aggregateUpdate(
        'report.link',
        reportLinkKey(orgId, campaignId, shard, change.link.hash, sub),
        { entity: 'CampaignReportLink', url: change.link.url, hash: change.link.hash },
        { total: 1, unique: change.link.unique },
      ),
    )
  return items
}

/**
 * Counts one event exactly once (CL8): its marker (keyed by the event's identity, with a TTL), the recipient's
 * activity and the counters commit in ONE transaction, so a redelivered or republished event finds its marker and
 * changes nothing, and a crash counts nothing. The recipient's change is conditioned on the report version read,
 * so two events of one recipient racing cannot both take its "first open": the loser reads again and retries.
 */
export async function recordEngagement(event: EngagementEvent, now = new Date()): Promise<RecordResult> {
  const identity = eventIdentity(event)
  const key = recipientKey(event.orgId, event.campaignId, shardOf(event.contactId), event.contactId)
  for (let attempt = 0; ; attempt++) {
    const state = await readActivity(key)
    if (!state) return 'unknown_recipient'
    const change = decide(event, state)
    try {
      await transact(transactionItems(event, state, change, identity, now), { conflictRetries: 8 })
      return 'counted'
    } catch (error) {
      if (!(error instanceof TransactionFailed)) throw error
      if (error.conditionFailed('report.marker')) return 'duplicate'
      if (!error.conditionFailed('report.recipient') || attempt >= ATTEMPTS) throw error
    }
  }
}
