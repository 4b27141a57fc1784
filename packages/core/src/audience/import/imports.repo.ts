import {
  IMPORT_STATUSES,
  type ImportCounts,
  ImportCountsSchema,
  type ImportExisting,
  ImportExistingSchema,
  JOB_RETENTION_DAYS,
} from '@app/contracts'
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../../aws'
import { itemParser } from '../../db/item'
import { contactImportKey } from '../../db/keys'
import { claimLease, leaseFields, REMOVE_LEASE, releaseLease } from '../../db/lease'
import { principalItem } from '../../db/principal'
import { tableName } from '../../db/table'
import { type NamedItem, transact } from '../../db/transact'
import { isConditionalCheckFailure } from '../../errors'
import { DELIMITERS } from './csv-rows'
import { TEXT_ENCODINGS } from './text-encoding'

/** Where a run stands: the next row reads from `byte` (of the uncompressed file), after `row` data rows. */
const CheckpointSchema = z.object({
  /** Pieces (seen emails, invalid rows) written so far: `seen-<n>`, `invalid-<n>.csv` for n < segment. */
  segment: z.number().int(),
  row: z.number().int(),
  byte: z.number().int(),
  delimiter: z.enum(DELIMITERS),
  gzip: z.boolean(),
  /** Checkpoints written before zip archives were read have none. */
  zip: z.boolean().default(false),
  /** Checkpoints written before UTF-16 files were read have none. */
  encoding: z.enum(TEXT_ENCODINGS).default('utf8'),
  header: z.array(z.string()),
})
export type Checkpoint = z.infer<typeof CheckpointSchema>

const ImportRecordSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  fileName: z.string(),
  fileKey: z.string(),
  status: z.enum(IMPORT_STATUSES),
  options: z.object({
    columns: z.object({ email: z.string(), attributes: z.record(z.string(), z.string()) }).optional(),
    topicIds: z.array(z.string()),
    existing: ImportExistingSchema,
  }),
  /** Who started it (records from before principals: `{ accountId, email }`, read as that user). */
  createdBy: principalItem,
  createdAt: z.string(),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  counts: ImportCountsSchema,
  fileBytes: z.number().int(),
  bytesRead: z.number().int(),
  checkpoint: CheckpointSchema.optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  invalidRowsKey: z.string().optional(),
  ...leaseFields,
})
export type ImportRecord = z.infer<typeof ImportRecordSchema>
export interface ImportOptions {
  columns?: { email: string; attributes: Record<string, string> }
  topicIds: string[]
  existing: ImportExisting
}
const toImport = itemParser(ImportRecordSchema)

export const NO_COUNTS: ImportCounts = {
  rows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  invalid: 0,
  suppressed: 0,
}

/** The upload's id is the import's: a second start for the same upload finds it taken (false). */
export async function createImport(record: ImportRecord): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...contactImportKey(record.orgId, record.id),
          entity: 'ContactImport',
          expiresAt: Math.floor(Date.parse(record.createdAt) / 1000) + JOB_RETENTION_DAYS * 86_400,
          ...record,
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

export async function getImport(orgId: string, id: string): Promise<ImportRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: contactImportKey(orgId, id), ConsistentRead: true }),
  )
  return Item ? toImport(Item) : undefined
}

/** Takes the import for one worker until `until` (epoch ms); undefined when another holds it or it is finished. */
export async function claimImport(orgId: string, id: string, owner: string, until: number, now: Date) {
  const item = await claimLease(contactImportKey(orgId, id), { owner, until, now, stampStart: true })
  return item && toImport(item)
}

/**
 * Moves the checkpoint on, with the counts as of it, only from the segment this run resumed (so a run that lost
 * its lease, or a stale redelivery, cannot move it twice). False when the condition failed.
 */
export async function saveCheckpoint(
  record: Pick<ImportRecord, 'orgId' | 'id'>,
  owner: string,
  from: number | undefined,
  checkpoint: Checkpoint,
  counts: ImportCounts,
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: contactImportKey(record.orgId, record.id),
        UpdateExpression: 'SET #checkpoint = :checkpoint, counts = :counts, bytesRead = :bytes',
        ConditionExpression:
          from === undefined
            ? 'leaseOwner = :owner AND attribute_not_exists(#checkpoint)'
            : 'leaseOwner = :owner AND #checkpoint.#segment = :from',
        ExpressionAttributeNames: {
          '#checkpoint': 'checkpoint',
          ...(from === undefined ? {} : { '#segment': 'segment' }),
        },
        ExpressionAttributeValues: {
          ':checkpoint': checkpoint,
          ':counts': counts,
          ':bytes': checkpoint.byte,
          ':owner': owner,
          ...(from === undefined ? {} : { ':from': from }),
        },
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}

export async function releaseImport(orgId: string, id: string, owner: string): Promise<void> {
  await releaseLease(contactImportKey(orgId, id), owner)
}

export async function finishImport(
  orgId: string,
  id: string,
  outcome: {
    status: 'succeeded' | 'failed'
    at: string
    error?: ImportRecord['error']
    invalidRowsKey?: string
  },
  extra: NamedItem[] = [],
): Promise<void> {
  await transact([
    {
      name: 'import',
      Update: {
        TableName: tableName(),
        Key: contactImportKey(orgId, id),
        UpdateExpression: `SET #status = :status, finishedAt = :at${outcome.error ? ', #error = :error' : ''}${
          outcome.invalidRowsKey ? ', invalidRowsKey = :invalid' : ''
        } ${REMOVE_LEASE}`,
        ConditionExpression: '#status IN (:queued, :running)',
        ExpressionAttributeNames: { '#status': 'status', ...(outcome.error ? { '#error': 'error' } : {}) },
        ExpressionAttributeValues: {
          ':status': outcome.status,
          ':at': outcome.at,
          ':queued': 'queued',
          ':running': 'running',
          ...(outcome.error ? { ':error': outcome.error } : {}),
          ...(outcome.invalidRowsKey ? { ':invalid': outcome.invalidRowsKey } : {}),
        },
      },
    },
    ...extra,
  ])
}
