import { OptStatusSchema } from '@app/contracts'
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../aws'
import { itemParser } from '../db/item'
import { organizationPartition, TOPIC_PREFIX, topicKey, topicNameKey } from '../db/keys'
import { queryPartition } from '../db/query'
import { tableName } from '../db/table'
import { type NamedItem, TransactionFailed, transact } from '../db/transact'
import { AppError } from '../errors'
import { allCountersKeys } from './contacts.repo'
import type { TopicRecord } from './model'

const TopicItem = z.object({
  id: z.string(),
  orgId: z.string(),
  name: z.string(),
  description: z.string(),
  defaultSubscriptionStatus: OptStatusSchema,
  doubleOptIn: z.boolean(),
  deleting: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<TopicRecord>
const toTopic = itemParser(TopicItem)

const nameTaken = () => new AppError('topic.name_exists', 'Another topic has this name.')

/** Every topic of the organization (at most TOPICS_MAX), consistent. */
export async function listTopics(orgId: string): Promise<TopicRecord[]> {
  const { items } = await queryPartition(organizationPartition(orgId), {
    sk: { beginsWith: TOPIC_PREFIX },
    consistent: true,
  })
  return items.map(toTopic)
}

export async function getTopic(orgId: string, id: string): Promise<TopicRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: topicKey(orgId, id), ConsistentRead: true }),
  )
  return Item ? toTopic(Item) : undefined
}

/** Writes a new topic and its name claim (with `extra`: its event); 409 when the name is taken. */
export async function createTopic(topic: TopicRecord, extra: NamedItem[] = []): Promise<void> {
  try {
    await transact([
      {
        name: 'topic',
        Put: {
          TableName: tableName(),
          Item: { ...topicKey(topic.orgId, topic.id), entity: 'topic', ...topic },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      nameClaim(topic),
      ...extra,
    ])
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed('topic.name')) throw nameTaken()
    throw error
  }
}

const nameClaim = (topic: TopicRecord): NamedItem => ({
  name: 'topic.name',
  Put: {
    TableName: tableName(),
    Item: { ...topicNameKey(topic.orgId, topic.name), entity: 'topicName', topicId: topic.id },
    ConditionExpression: 'attribute_not_exists(PK) OR topicId = :id',
    ExpressionAttributeValues: { ':id': topic.id },
  },
})

/** Saves a changed topic (conditioned on its last update and not being deleted); a rename moves the claim. */
export async function saveTopic(before: TopicRecord, after: TopicRecord): Promise<void> {
  const items: NamedItem[] = [
    {
      name: 'topic',
      Put: {
        TableName: tableName(),
        Item: { ...topicKey(after.orgId, after.id), entity: 'topic', ...after },
        ConditionExpression: 'updatedAt = :at AND attribute_not_exists(deleting)',
        ExpressionAttributeValues: { ':at': before.updatedAt },
      },
    },
  ]
  if (before.name.toLowerCase() !== after.name.toLowerCase()) {
    items.push(nameClaim(after), {
      name: 'topic.old_name',
      Delete: { TableName: tableName(), Key: topicNameKey(before.orgId, before.name) },
    })
  }
  try {
    await transact(items)
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed('topic.name')) throw nameTaken()
    if (error instanceof TransactionFailed && error.conditionFailed('topic'))
      throw new AppError('version.conflict', 'The topic changed meanwhile: reload it.')
    throw error
  }
}

/**
 * Marks a topic as being deleted: on the topic (lists show it, PATCH refuses) and on every counter shard (the
 * `deletingTopics` set), so from now on any transaction writing a preference for it fails its condition.
 */
export async function markDeleting(orgId: string, topicId: string, extra: NamedItem[] = []): Promise<void> {
  try {
    await transact([
      {
        name: 'topic',
        Update: {
          TableName: tableName(),
          Key: topicKey(orgId, topicId),
          UpdateExpression: 'SET deleting = :true',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deleting)',
          ExpressionAttributeValues: { ':true': true },
        },
      },
      ...extra,
    ])
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed('topic'))
      throw new AppError('topic.deleting', 'This topic is already being deleted.')
    throw error
  }
  await Promise.all(
    allCountersKeys(orgId).map((Key) =>
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'ADD deletingTopics :topic',
          ExpressionAttributeValues: { ':topic': new Set([topicId]) },
        }),
      ),
    ),
  )
}

/** The end of a delete: the topic's counters and marks go from every shard, then the topic and its name. */
export async function removeTopic(topic: TopicRecord): Promise<void> {
  await Promise.all(
    allCountersKeys(topic.orgId).map((Key) =>
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'REMOVE #in, #out, #pending DELETE deletingTopics :topic',
          ExpressionAttributeNames: {
            '#in': `in_${topic.id}`,
            '#out': `out_${topic.id}`,
            '#pending': `pending_${topic.id}`,
          },
          ExpressionAttributeValues: { ':topic': new Set([topic.id]) },
        }),
      ),
    ),
  )
  await transact([
    { name: 'topic', Delete: { TableName: tableName(), Key: topicKey(topic.orgId, topic.id) } },
    { name: 'topic.name', Delete: { TableName: tableName(), Key: topicNameKey(topic.orgId, topic.name) } },
  ])
}
