import {
  MESSAGE_LOG_RETENTION_DAYS,
  MESSAGE_STATUSES,
  type MessageLog,
  type MessageStatus,
  SES_EVENT_MAX_AGE_SECONDS,
  SES_EVENT_TYPES,
  type SesEventType,
  SesEventTypeSchema,
  STATUS_OF_EVENT,
} from '@app/contracts'
import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { parseItem } from '../db/item'
import { messageLogKey, messageLogPrefix, organizationPartition, snsMessageKey } from '../db/keys'
import { type Item, tableName } from '../db/table'
import { type NamedItem, TransactionFailed, transact } from '../db/transact'
import { countEvent } from './hourly-counts.repo'
import type { SesEvent } from './ses-event'

export { emptyCounts, readHourlyCounts } from './hourly-counts.repo'

const RETENTION_SECONDS = MESSAGE_LOG_RETENTION_DAYS * 86_400
/** SNS message ids are remembered for twice as long as a message is accepted at all. */
const CLAIM_SECONDS = 2 * SES_EVENT_MAX_AGE_SECONDS

/** The attribute holding when a message first had an event of this type (`atBOUNCE`). */
const flag = (type: SesEventType) => `at${type}`
const EVENT_OF_STATUS = Object.fromEntries(
  SES_EVENT_TYPES.map((type) => [STATUS_OF_EVENT[type], type]),
) as Record<MessageStatus, SesEventType>
const REPEAT_COUNTERS: Partial<Record<SesEventType, string>> = { OPEN: 'opens', CLICK: 'clicks' }

/** `2026-11-22T10` — the counters' hour of an ISO instant (UTC). */
export const hourOf = (iso: string) => iso.slice(0, 13)

const epochSeconds = () => Math.floor(Date.now() / 1000)

const conditionFailed = (error: unknown, name: string) =>
  error instanceof TransactionFailed && error.conditionFailed(name)

export type RecordOutcome = 'recorded' | 'repeated' | 'duplicate'

/**
 * Records one SES event exactly once per SNS message: in one transaction the SNS message id is claimed, the
 * message's log row gets the event (its first of this type: the flag, the history entry) and the hour of its
 * sending counts it. A second event of a type the message already had (another open) only adds to its repeat
 * count; a redelivered SNS message changes nothing. `extra` (the `message.*` outbox event) goes in whichever
 * transaction records it, so it is written once per SNS message too.
 */
export async function recordEvent(
  orgId: string,
  awsAccountId: string,
  snsMessageId: string,
  event: SesEvent,
  extra: NamedItem[] = [],
): Promise<RecordOutcome> {
  const now = epochSeconds()
  const claim: NamedItem = {
    name: 'sns.claim',
    Put: {
      TableName: tableName(),
      Item: { ...snsMessageKey(snsMessageId), entity: 'SnsMessage', expiresAt: now + CLAIM_SECONDS },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  }
  const logKey = messageLogKey(orgId, awsAccountId, event.sentAt, event.messageId)
  const repeat = REPEAT_COUNTERS[event.type]

  const sets = [
    'entity = :entity',
    'awsAccountId = :aws',
    'messageId = :mid',
    'sentAt = :sentAt',
    'lastEventAt = :at',
    'expiresAt = :expires',
    '#flag = :at',
    'history = list_append(if_not_exists(history, :empty), :history)',
  ]
  const values: Record<string, unknown> = {
    ':entity': 'MessageLog',
    ':aws': awsAccountId,
    ':mid': event.messageId,
    ':sentAt': event.sentAt,
    ':at': event.at,
    ':expires': now + RETENTION_SECONDS,
    ':empty': [],
    ':history': [{ type: event.type, at: event.at, detail: event.detail }],
  }
  // Later events may know what earlier ones did not (or the other way round): keep the first known value.
  const known: [string, unknown][] = [
    ['from', event.from],
    ['subject', event.subject],
    ['template', event.template],
    ['recipients', event.recipients.length ? event.recipients : null],
  ]
  const names: Record<string, string> = { '#flag': flag(event.type) }
  for (const [field, value] of known) {
    if (value === null) continue
    names[`#${field}`] = field
    values[`:${field}`] = value
    sets.push(`#${field} = if_not_exists(#${field}, :${field})`)
  }
  const firstUpdate: NamedItem = {
    name: 'log.first',
    Update: {
      TableName: tableName(),
      Key: logKey,
      UpdateExpression: `SET ${sets.join(', ')}${repeat ? ` ADD ${repeat} :one` : ''}`,
      ConditionExpression: 'attribute_not_exists(#flag)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: repeat ? { ...values, ':one': 1 } : values,
    },
  }
  const count = countEvent(orgId, awsAccountId, hourOf(event.sentAt), event.type, now + RETENTION_SECONDS)

  try {
    await transact([claim, firstUpdate, count, ...extra])
    return 'recorded'
  } catch (error) {
    if (conditionFailed(error, 'sns.claim')) return 'duplicate'
    if (!conditionFailed(error, 'log.first')) throw error
  }
  // The message already had an event of this type.
  const again: NamedItem = {
    name: 'log.again',
    Update: {
      TableName: tableName(),
      Key: logKey,
      UpdateExpression: `SET lastEventAt = :at${repeat ? ` ADD ${repeat} :one` : ''}`,
      ExpressionAttributeValues: repeat ? { ':at': event.at, ':one': 1 } : { ':at': event.at },
    },
  }
  try {
    await transact([claim, again, ...extra])
    return 'repeated'
  } catch (error) {
    if (conditionFailed(error, 'sns.claim')) return 'duplicate'
    throw error
  }
}

/** A message's status: the last of MESSAGE_STATUSES whose event it had. */
export function statusOf(item: Item): MessageStatus {
  for (let index = MESSAGE_STATUSES.length - 1; index >= 0; index--) {
    const status = MESSAGE_STATUSES[index] as MessageStatus
    if (item[flag(EVENT_OF_STATUS[status])] !== undefined) return status
  }
  return 'SENT'
}

const LogItem = z.object({
  messageId: z.string(),
  sentAt: z.string(),
  from: z.string().nullish(),
  recipients: z.array(z.string()).default([]),
  subject: z.string().nullish(),
  template: z.string().nullish(),
  opens: z.number().default(0),
  clicks: z.number().default(0),
  history: z
    .array(
      z.object({
        type: SesEventTypeSchema,
        at: z.string(),
        detail: z
          .string()
          .nullish()
          .transform((detail) => detail ?? null),
      }),
    )
    .default([]),
})

function toMessageLog(item: Item): MessageLog {
  const log = parseItem(LogItem, item)
  const status = statusOf(item)
  const events = log.history.slice().sort((a, b) => a.at.localeCompare(b.at))
  return {
    messageId: log.messageId,
    sentAt: log.sentAt,
    from: log.from ?? null,
    recipients: log.recipients,
    subject: log.subject ?? null,
    template: log.template ?? null,
    status,
    detail: events.find((event) => event.type === EVENT_OF_STATUS[status])?.detail ?? null,
    opens: log.opens,
    clicks: log.clicks,
    events,
  }
}

/** A filter for messages whose status is `status`: its event happened and no later status's did. */
function statusFilter(status: MessageStatus) {
  const rank = MESSAGE_STATUSES.indexOf(status)
  const later = MESSAGE_STATUSES.slice(rank + 1)
  const names: Record<string, string> = { '#s0': flag(EVENT_OF_STATUS[status]) }
  const parts = ['attribute_exists(#s0)']
  later.forEach((next, index) => {
    names[`#s${index + 1}`] = flag(EVENT_OF_STATUS[next])
    parts.push(`attribute_not_exists(#s${index + 1})`)
  })
  return { expression: parts.join(' AND '), names }
}

export interface LogPageRequest {
  limit: number
  /** The sort key to continue after (older than it). */
  after?: string
  status?: MessageStatus
  recipient?: string
}

/** Items read per request at most when filtering, so a rare filter cannot make one call scan everything. */
const MAX_SCANNED = 2000

/** One page of an AWS account's message log, newest first; `next` is the sort key to continue after. */
export async function listMessageLogs(
  orgId: string,
  awsAccountId: string,
  request: LogPageRequest,
): Promise<{ logs: MessageLog[]; next: string | null }> {
  const names: Record<string, string> = {}
  const values: Record<string, unknown> = {
    ':pk': organizationPartition(orgId),
    ':prefix': messageLogPrefix(awsAccountId),
  }
  const filters: string[] = []
  if (request.status) {
    const filter = statusFilter(request.status)
    filters.push(`(${filter.expression})`)
    Object.assign(names, filter.names)
  }
  if (request.recipient) {
    filters.push('contains(recipients, :recipient)')
    values[':recipient'] = request.recipient.toLowerCase()
  }
  const filtered = filters.length > 0
  const logs: MessageLog[] = []
  let after = request.after
  let scanned = 0
  for (;;) {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ...(filtered ? { FilterExpression: filters.join(' AND ') } : {}),
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
        // Unfiltered, one more than needed tells whether another page exists.
        Limit: filtered ? 200 : request.limit - logs.length + 1,
        ...(after ? { ExclusiveStartKey: { PK: organizationPartition(orgId), SK: after } } : {}),
      }),
    )
    scanned += page.ScannedCount ?? 0
    const items = (page.Items ?? []) as Item[]
    for (const [index, item] of items.entries()) {
      if (logs.length === request.limit) return { logs, next: String(items[index - 1]?.SK ?? after) }
      logs.push(toMessageLog(item))
    }
    const last = page.LastEvaluatedKey?.SK as string | undefined
    if (!last) return { logs, next: null }
    after = last
    // A rare filter answers a short page rather than reading the whole log in one call.
    if (scanned >= MAX_SCANNED) return { logs, next: after }
  }
}
