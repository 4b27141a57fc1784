import { EXPORT_STATUSES, JOB_RETENTION_DAYS } from '@app/contracts'
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod'
import { dynamo } from '../../aws'
import { itemParser } from '../../db/item'
import { contactExportKey } from '../../db/keys'
import { claimLease, leaseFields, REMOVE_LEASE, releaseLease } from '../../db/lease'
import { principalItem } from '../../db/principal'
import { tableName } from '../../db/table'
import { isConditionalCheckFailure } from '../../errors'

const ExportRecordSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  fileName: z.string(),
  /** Where the rows come from (`source.ts`): `contacts`, or a source another domain registered. */
  source: z.string().default('contacts'),
  /**
   * The source's parameters: for `contacts`, the `GET contacts` filters (a topic export: its topic, subscribed
   * only).
   */
  filters: z.record(z.string(), z.union([z.string(), z.boolean()])),
  status: z.enum(EXPORT_STATUSES),
  /** Who started it (records from before principals: `{ accountId, email }`, read as that user). */
  createdBy: principalItem,
  createdAt: z.string(),
  finishedAt: z.string().optional(),
  rows: z.number().int(),
  /** Pieces written (`exports/<org>/<id>.parts/<n>`, n < pieces) and the list cursor after the last one. */
  pieces: z.number().int(),
  cursor: z.string().nullable().optional(),
  fileKey: z.string().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  ...leaseFields,
})
export type ExportRecord = z.infer<typeof ExportRecordSchema>
const toExport = itemParser(ExportRecordSchema)

export async function createExport(
  record: Omit<ExportRecord, 'source'> & Partial<Pick<ExportRecord, 'source'>>,
): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...contactExportKey(record.orgId, record.id),
        entity: 'ContactExport',
        expiresAt: Math.floor(Date.parse(record.createdAt) / 1000) + JOB_RETENTION_DAYS * 86_400,
        source: 'contacts',
        ...record,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  )
}

export async function getExport(orgId: string, id: string): Promise<ExportRecord | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: contactExportKey(orgId, id), ConsistentRead: true }),
  )
  return Item ? toExport(Item) : undefined
}

/** Takes the export for one worker until `until`; undefined when another holds it or it is finished. */
export async function claimExport(orgId: string, id: string, owner: string, until: number, now: number) {
  const item = await claimLease(contactExportKey(orgId, id), { owner, until, now: new Date(now) })
  return item && toExport(item)
}

/** Records a written piece and where the list goes on, only from the piece count this run started from. */
export async function savePiece(
  record: Pick<ExportRecord, 'orgId' | 'id'>,
  owner: string,
  from: number,
  progress: { pieces: number; rows: number; cursor: string | null },
): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: contactExportKey(record.orgId, record.id),
        UpdateExpression: 'SET pieces = :pieces, #rows = :rows, #cursor = :cursor',
        ConditionExpression: 'leaseOwner = :owner AND pieces = :from',
        ExpressionAttributeNames: { '#rows': 'rows', '#cursor': 'cursor' },
        ExpressionAttributeValues: {
          ':pieces': progress.pieces,
          ':rows': progress.rows,
          ':cursor': progress.cursor,
          ':owner': owner,
          ':from': from,
        },
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}

export async function releaseExport(orgId: string, id: string, owner: string): Promise<void> {
  await releaseLease(contactExportKey(orgId, id), owner)
}

export async function finishExport(
  orgId: string,
  id: string,
  outcome: { at: string; fileKey?: string; error?: ExportRecord['error'] },
): Promise<void> {
  const failed = outcome.error !== undefined
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: contactExportKey(orgId, id),
      UpdateExpression: `SET #status = :status, finishedAt = :at, ${failed ? '#error = :detail' : 'fileKey = :detail'} ${REMOVE_LEASE}`,
      ConditionExpression: '#status IN (:queued, :running)',
      ExpressionAttributeNames: { '#status': 'status', ...(failed ? { '#error': 'error' } : {}) },
      ExpressionAttributeValues: {
        ':status': failed ? 'failed' : 'succeeded',
        ':at': outcome.at,
        ':detail': failed ? outcome.error : outcome.fileKey,
        ':queued': 'queued',
        ':running': 'running',
      },
    }),
  )
}
