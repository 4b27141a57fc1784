import { INVALID_ROW_REASONS, type InvalidRowReason } from '@app/contracts'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { stringify } from 'csv-stringify/sync'
import { importStateKey, invalidRowsKey, readSmallObject, s3, transferBucket, writeObject } from './files'

/** S3 takes multipart parts of at least 5 MB (but the last). */
const PART_BYTES = 8 * 1024 * 1024

export interface InvalidRow {
  row: number
  reason: InvalidRowReason
  /** Said instead of the reason's own message (the audience's refusal). */
  detail?: string
  cells: string[]
}

/**
 * CSV lines (CRLF) with every formula-looking cell (`= + - @`, tab, CR first) escaped by a leading quote, as every
 * file we hand out: a spreadsheet opening it runs nothing.
 */
export function invalidRowLines(rows: readonly InvalidRow[], header?: readonly string[]): string {
  const records = rows.map((row) => [
    String(row.row),
    row.reason,
    row.detail ?? INVALID_ROW_REASONS[row.reason],
    ...row.cells,
  ])
  return stringify(header ? [['row', 'reason', 'message', ...header], ...records] : records, {
    record_delimiter: 'windows',
    escape_formulas: true,
  })
}

export const invalidPieceKey = (orgId: string, id: string, segment: number) =>
  importStateKey(orgId, id, `invalid-${segment}.csv`)

/**
 * The invalid-rows file from the pieces each checkpoint wrote (segments without invalid rows wrote none),
 * streamed into one object: one PUT when small, a multipart upload otherwise, never the whole file in memory.
 */
export async function assembleInvalidRows(
  orgId: string,
  id: string,
  segments: number,
  header: readonly string[],
): Promise<string> {
  const key = invalidRowsKey(orgId, id)
  const bucket = transferBucket()
  let buffered: Buffer[] = [Buffer.from(invalidRowLines([], header))]
  let size = buffered[0]?.length ?? 0
  let uploadId: string | undefined
  const parts: { ETag: string | undefined; PartNumber: number }[] = []
  const flush = async () => {
    uploadId ??= (
      await s3().send(
        new CreateMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          ContentType: 'text/csv; charset=utf-8',
        }),
      )
    ).UploadId
    const PartNumber = parts.length + 1
    const { ETag } = await s3().send(
      new UploadPartCommand({
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber,
        Body: Buffer.concat(buffered),
      }),
    )
    parts.push({ ETag, PartNumber })
    buffered = []
    size = 0
  }
  try {
    for (let segment = 0; segment < segments; segment += 1) {
      const piece = await readSmallObject(invalidPieceKey(orgId, id, segment))
      if (!piece) continue
      buffered.push(piece)
      size += piece.length
      if (size >= PART_BYTES) await flush()
    }
    if (!uploadId) {
      await writeObject(key, Buffer.concat(buffered), 'text/csv; charset=utf-8')
      return key
    }
    if (size > 0) await flush()
    await s3().send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts },
      }),
    )
    return key
  } catch (error) {
    if (uploadId)
      await s3()
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
        .catch(() => {})
    throw error
  }
}
