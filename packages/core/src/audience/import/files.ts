import { Readable } from 'node:stream'
import { IMPORT_FILE_KEY_PATTERN, TRANSFER_URL_SECONDS } from '@app/contracts'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { transferBucket } from '../env'

/*
 * The transfer bucket: `imports/<orgId>/<id>` (uploads), `imports/<orgId>/<id>.state/…` (an import's checkpoint
 * pieces), `errors/<orgId>/<id>.csv` (invalid rows), `exports/<orgId>/<id>.csv`. Every key starts with its
 * organization after the kind, and the bucket's lifecycle deletes every object after 7 days.
 * The client lives here, not in `aws.ts`, so only the functions that move files bundle the S3 SDK.
 */

let client: S3Client | undefined

export function s3(): S3Client {
  // Checksums only where S3 requires them: a presigned PUT must not carry the SDK's empty-body checksum.
  client ??= new S3Client({
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  return client
}

export const importFileKey = (orgId: string, id: string) => `imports/${orgId}/${id}`
export const importStateKey = (orgId: string, id: string, piece: string) =>
  `imports/${orgId}/${id}.state/${piece}`
export const invalidRowsKey = (orgId: string, id: string) => `errors/${orgId}/${id}.csv`
export const exportFileKey = (orgId: string, id: string) => `exports/${orgId}/${id}.csv`
export const exportPieceKey = (orgId: string, id: string, piece: number) =>
  `exports/${orgId}/${id}.parts/${piece}`

/** The import id a key names when it is one of this organization's uploads; undefined for anything else. */
export function ownImportId(orgId: string, fileKey: string): string | undefined {
  const match = IMPORT_FILE_KEY_PATTERN.exec(fileKey)
  return match && match[1] === orgId ? match[2] : undefined
}

/** A PUT URL for one object (the browser sends the same Content-Type), valid for `TRANSFER_URL_SECONDS`. */
export function presignUpload(key: string, contentType: string): Promise<string> {
  return getSignedUrl(
    s3(),
    new PutObjectCommand({ Bucket: transferBucket(), Key: key, ContentType: contentType }),
    {
      expiresIn: TRANSFER_URL_SECONDS,
    },
  )
}

/** A GET URL that downloads the object as `fileName` (Content-Disposition: attachment). */
export function presignDownload(key: string, fileName: string): Promise<string> {
  const safe = fileName.replace(/[^\w.-]/g, '_')
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: transferBucket(),
      Key: key,
      ResponseContentDisposition: `attachment; filename="${safe}"`,
      ResponseContentType: 'text/csv; charset=utf-8',
    }),
    { expiresIn: TRANSFER_URL_SECONDS },
  )
}

/** The object's size, or undefined when there is none. */
export async function objectSize(key: string): Promise<number | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: transferBucket(), Key: key }))
    return head.ContentLength ?? 0
  } catch (error) {
    if (error instanceof NotFound || error instanceof NoSuchKey) return undefined
    throw error
  }
}

/**
 * The object's bytes from `start` on, as a stream; empty when `start` is at or past its end (S3 answers such a
 * range 416 `InvalidRange`: a resumed import whose last checkpoint fell on the file's last byte has nothing left).
 */
export async function readObject(key: string, start = 0): Promise<Readable> {
  try {
    const answer = await s3().send(
      new GetObjectCommand({
        Bucket: transferBucket(),
        Key: key,
        ...(start > 0 ? { Range: `bytes=${start}-` } : {}),
      }),
    )
    return answer.Body as Readable
  } catch (error) {
    if (start > 0 && error instanceof Error && error.name === 'InvalidRange') return Readable.from([])
    throw error
  }
}

export async function readSmallObject(key: string): Promise<Buffer | undefined> {
  try {
    const answer = await s3().send(new GetObjectCommand({ Bucket: transferBucket(), Key: key }))
    return Buffer.from(
      await (answer.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
    )
  } catch (error) {
    if (error instanceof NoSuchKey || error instanceof NotFound) return undefined
    throw error
  }
}

export async function writeObject(
  key: string,
  body: Buffer | string,
  contentType = 'application/octet-stream',
) {
  await s3().send(
    new PutObjectCommand({ Bucket: transferBucket(), Key: key, Body: body, ContentType: contentType }),
  )
}

/** S3 takes multipart parts of at least 5 MB (but the last). */
const PART_BYTES = 8 * 1024 * 1024
const CSV_TYPE = 'text/csv; charset=utf-8'

/**
 * One CSV object from a head and pieces written earlier (missing pieces skipped), streamed: one PUT when small, a
 * multipart upload of 8 MB parts otherwise (aborted on failure), never the whole file in memory.
 */
export async function assembleObject(key: string, head: string, pieceKeys: readonly string[]): Promise<void> {
  const Bucket = transferBucket()
  let buffered: Buffer[] = [Buffer.from(head)]
  let size = buffered[0]?.length ?? 0
  let uploadId: string | undefined
  const parts: { ETag: string | undefined; PartNumber: number }[] = []
  const flush = async () => {
    uploadId ??= (
      await s3().send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: CSV_TYPE }))
    ).UploadId
    const PartNumber = parts.length + 1
    const Body = Buffer.concat(buffered)
    const { ETag } = await s3().send(
      new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body }),
    )
    parts.push({ ETag, PartNumber })
    buffered = []
    size = 0
  }
  try {
    for (const pieceKey of pieceKeys) {
      const piece = await readSmallObject(pieceKey)
      if (!piece) continue
      buffered.push(piece)
      size += piece.length
      if (size >= PART_BYTES) await flush()
    }
    if (!uploadId) return await writeObject(key, Buffer.concat(buffered), CSV_TYPE)
    if (size > 0) await flush()
    await s3().send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts },
      }),
    )
  } catch (error) {
    if (uploadId)
      await s3()
        .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }))
        .catch(() => {})
    throw error
  }
}
