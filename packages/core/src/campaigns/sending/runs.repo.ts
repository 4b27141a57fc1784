import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../../aws'
import { parseItem } from '../../db/item'
import { CAMPAIGN_RUN_PREFIX, campaignRunKey, sendBatchKey } from '../../db/keys'
import { queryPartition } from '../../db/query'
import { tableName } from '../../db/table'
import type { NamedItem } from '../../db/transact'

/** A campaign's run (C1) and its send batches (one per ≤ 50 claimed recipients of one shard). */

const conditionFailed = (error: unknown) =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException'

const ReasonSchema = z.object({ code: z.string(), message: z.string(), at: z.string() })

export const RunSchema = z.object({
  orgId: z.string(),
  campaignId: z.string(),
  status: z.enum(['SENDING', 'PAUSED', 'SENT', 'CANCELLED']),
  materialising: z.boolean(),
  /** Bumped by every pause, resume and cancel: messages made for an older one stop. */
  generation: z.number().int(),
  /** The dispatch chain's step: only the message of this step (or a redelivery of the one before) runs. */
  dispatchSeq: z.number().int().default(0),
  checkpoint: z.object({ topicIndex: z.number().int(), cursor: z.string().nullable() }),
  awsAccountId: z.string(),
  fromEmail: z.string(),
  fromName: z.string().nullable(),
  replyTo: z.string().nullable(),
  configurationSet: z.string().nullable(),
  topicIds: z.array(z.string()),
  missingVariables: z.union([
    z.object({ mode: z.literal('skip') }),
    z.object({ mode: z.literal('default'), values: z.record(z.string(), z.string()) }),
  ]),
  /** `{{postalAddress}}` and `{{organizationName}}` for every recipient (empty for runs started before them). */
  senderValues: z
    .object({ postalAddress: z.string(), organizationName: z.string() })
    .default({ postalAddress: '', organizationName: '' }),
  /** The campaign-owned SES template the pinned version was published as, and the variables it uses. */
  sesTemplateName: z.string(),
  variables: z.array(z.string()),
  templateDeleted: z.boolean().default(false),
  pauseReason: ReasonSchema.nullable(),
  waitingUntil: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string(),
})
export type RunRecord = z.infer<typeof RunSchema>

export async function putRun(run: RunRecord): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...campaignRunKey(run.orgId, run.campaignId), entity: 'CampaignRun', ...run },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    )
    return true
  } catch (error) {
    if (conditionFailed(error)) return false
    throw error
  }
}

export async function getRun(orgId: string, campaignId: string): Promise<RunRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: campaignRunKey(orgId, campaignId), ConsistentRead: true }),
  )
  return Item ? parseItem(RunSchema, Item) : undefined
}

function setExpression(fields: Record<string, unknown>) {
  const entries = Object.entries(fields)
  return {
    UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :f${index}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
    values: Object.fromEntries(entries.map(([, value], index) => [`:f${index}`, value])),
  }
}

/**
 * The transaction item changing a run read at `generation` (fails if anyone changed the generation since);
 * `bump` moves it on (pause, resume, cancel).
 */
export function runUpdateItem(
  run: Pick<RunRecord, 'orgId' | 'campaignId' | 'generation'>,
  fields: Partial<RunRecord>,
  options: { bump?: boolean; extraCondition?: string; extraValues?: Record<string, unknown> } = {},
): NamedItem {
  const all = {
    ...fields,
    updatedAt: new Date().toISOString(),
    ...(options.bump ? { generation: run.generation + 1 } : {}),
  }
  const expression = setExpression(all)
  return {
    name: 'campaign.run',
    Update: {
      TableName: tableName(),
      Key: campaignRunKey(run.orgId, run.campaignId),
      UpdateExpression: expression.UpdateExpression,
      ConditionExpression: `generation = :generation${options.extraCondition ? ` AND ${options.extraCondition}` : ''}`,
      ExpressionAttributeNames: expression.ExpressionAttributeNames,
      ExpressionAttributeValues: {
        ...expression.values,
        ':generation': run.generation,
        ...options.extraValues,
      },
    },
  }
}

/** Changes a run read at `generation`; false when it changed since (the caller reads again). */
export async function updateRun(
  run: Pick<RunRecord, 'orgId' | 'campaignId' | 'generation'>,
  fields: Partial<RunRecord>,
  options: { bump?: boolean; extraCondition?: string; extraValues?: Record<string, unknown> } = {},
): Promise<boolean> {
  const { name: _name, Update } = runUpdateItem(run, fields, options)
  try {
    await dynamo().send(new UpdateCommand(Update as NonNullable<typeof Update>))
    return true
  } catch (error) {
    if (conditionFailed(error)) return false
    throw error
  }
}

const AnswerSchema = z.object({
  status: z.string(),
  messageId: z.string().optional(),
  error: z.string().optional(),
  /** A whole-call account error's code (`sending_paused`, …): what the run's pause says. */
  code: z.string().optional(),
})
export const BatchSchema = z.object({
  batchId: z.string(),
  shard: z.number().int(),
  generation: z.number().int(),
  contactIds: z.array(z.string()),
  /** Epoch ms: until then the claim is the batch's; after it, a takeover may end it. */
  leaseUntil: z.number(),
  /** Epoch ms of the attempt mark (set right before the SES call). */
  attempted: z.number().optional(),
  /** SES's per-destination answer, by contact id (written right after the call). */
  answer: z.record(z.string(), AnswerSchema).optional(),
  /** Ended by a takeover or an abandon: no worker may send it. */
  ended: z.boolean().default(false),
})
export type BatchRecord = z.infer<typeof BatchSchema>
export type BatchAnswer = z.infer<typeof AnswerSchema>

const BATCH_TTL_SECONDS = 7 * 24 * 3600

export async function putBatch(orgId: string, campaignId: string, batch: BatchRecord): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...sendBatchKey(orgId, campaignId, batch.shard, batch.batchId),
        entity: 'CampaignSendBatch',
        ...batch,
        expiresAt: Math.floor(Date.now() / 1000) + BATCH_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  )
}

export async function getBatch(
  orgId: string,
  campaignId: string,
  shard: number,
  batchId: string,
): Promise<BatchRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: sendBatchKey(orgId, campaignId, shard, batchId),
      ConsistentRead: true,
    }),
  )
  return Item ? parseItem(BatchSchema, Item) : undefined
}

async function conditionalBatchUpdate(
  orgId: string,
  campaignId: string,
  batch: Pick<BatchRecord, 'shard' | 'batchId'>,
  update: string,
  condition: string,
  values: Record<string, unknown>,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sendBatchKey(orgId, campaignId, batch.shard, batch.batchId),
        UpdateExpression: update,
        ConditionExpression: `attribute_exists(PK) AND ${condition}`,
        ExpressionAttributeValues: values,
      }),
    )
    return true
  } catch (error) {
    if (conditionFailed(error)) return false
    throw error
  }
}

/**
 * The attempt mark: only a batch never attempted nor ended whose lease still has `margin` ms to run, and it
 * extends the lease to cover the call. Exclusive with `endBatch` (both conditional on the same item).
 */
export const markAttempted = (
  orgId: string,
  campaignId: string,
  batch: BatchRecord,
  now: number,
  margin: number,
  window: number,
) =>
  conditionalBatchUpdate(
    orgId,
    campaignId,
    batch,
    'SET attempted = :now, leaseUntil = :lease',
    'attribute_not_exists(attempted) AND ended = :false AND leaseUntil > :limit',
    { ':now': now, ':lease': now + window, ':limit': now + margin, ':false': false },
  )

/** SES's answer, recorded once right after the call. */
export const recordAnswer = (
  orgId: string,
  campaignId: string,
  batch: BatchRecord,
  answer: Record<string, BatchAnswer>,
) =>
  conditionalBatchUpdate(orgId, campaignId, batch, 'SET answer = :answer', 'attribute_not_exists(answer)', {
    ':answer': answer,
  })

/**
 * Ends a batch so no worker sends it: `abandon` (its own worker, before any attempt) or a takeover after the
 * lease ran out (`expiredBefore`). Answers whether this call ended it.
 */
export function endBatch(
  orgId: string,
  campaignId: string,
  batch: BatchRecord,
  how: { abandon: true } | { expiredBefore: number },
): Promise<boolean> {
  return 'abandon' in how
    ? conditionalBatchUpdate(
        orgId,
        campaignId,
        batch,
        'SET ended = :true',
        'attribute_not_exists(attempted) AND ended = :false',
        { ':true': true, ':false': false },
      )
    : conditionalBatchUpdate(
        orgId,
        campaignId,
        batch,
        'SET ended = :true',
        'ended = :false AND leaseUntil < :now',
        { ':true': true, ':false': false, ':now': how.expiredBefore },
      )
}

/** The campaigns of an organization that have a run (the purge removes their ledgers). */
export async function listRunCampaignIds(orgId: string): Promise<string[]> {
  const { PK } = campaignRunKey(orgId, '')
  const { items } = await queryPartition(PK, { sk: { beginsWith: CAMPAIGN_RUN_PREFIX }, attributes: ['SK'] })
  return items.map((item) => String(item.SK).slice(CAMPAIGN_RUN_PREFIX.length))
}
