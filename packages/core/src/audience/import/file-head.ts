import { Readable, Transform } from 'node:stream'
import { AppError } from '../../errors'
import { type Delimiter, detectDelimiter, isGzip, readRows, uncompressed } from './csv-rows'
import { readObject } from './files'
import { detectEncoding, refuseBinary, type TextEncoding, toUtf8 } from './text-encoding'
import { isZip, openZipCsv } from './zip'

/** The first row must end within this many bytes. */
const HEAD_BYTES = 64 * 1024

export interface FileHead {
  gzip: boolean
  /** A zip archive holding the CSV (read from its one file). */
  zip: boolean
  /** How the text is encoded (from its byte order mark); rows are read from it transcoded to UTF-8. */
  encoding: TextEncoding
  delimiter: Delimiter
  header: string[]
  /** Where the first data row starts (uncompressed bytes, as UTF-8). */
  dataStart: number
}

async function firstBytes(source: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of source) {
      chunks.push(chunk as Buffer)
      size += (chunk as Buffer).length
      if (size >= limit) break
    }
  } finally {
    source.destroy()
  }
  return Buffer.concat(chunks).subarray(0, limit)
}

/**
 * Compression (by gzip's or zip's magic number, whatever the name says), separator and header of an uploaded
 * file.
 */
export async function readFileHead(key: string): Promise<FileHead> {
  const magic = await firstBytes(await readObject(key), 4)
  const gzip = isGzip(magic)
  const zip = isZip(magic)
  let sample: Buffer
  try {
    sample = await firstBytes(
      zip ? await openZipCsv(key) : uncompressed(await readObject(key), gzip),
      HEAD_BYTES,
    )
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError(
      'contact_import.invalid_file',
      zip ? 'The file is not a valid zip archive.' : 'The file is not valid gzip.',
    )
  }
  const encoding = detectEncoding(sample)
  const truncated = sample.length >= HEAD_BYTES
  const text =
    encoding === 'utf8' ? sample : await firstBytes(Readable.from([sample]).pipe(toUtf8(encoding)), Infinity)
  refuseBinary(text.toString('utf8'))
  const delimiter = detectDelimiter(text.toString('utf8'))
  for await (const row of readRows(Readable.from([text]), { delimiter })) {
    if (truncated && row.endByte >= text.length) break
    return { gzip, zip, encoding, delimiter, header: row.cells, dataStart: row.endByte }
  }
  throw new AppError(
    'contact_import.invalid_file',
    truncated ? 'The first row (the column names) is longer than 64 KB.' : 'The file is empty.',
  )
}

/** Drops the first `count` bytes of a stream (a gzipped file resumed: inflated from the start, then skipped). */
export function skipBytes(count: number): Transform {
  let left = count
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (left >= chunk.length) {
        left -= chunk.length
        done()
        return
      }
      const rest = chunk.subarray(left)
      left = 0
      done(null, rest)
    },
  })
}

/**
 * The file's uncompressed UTF-8 bytes from `byte` on: a ranged read, or inflate (and transcode) and skip for gzip,
 * zip and UTF-16.
 */
export async function openFileAt(
  key: string,
  head: Pick<FileHead, 'gzip' | 'zip'> & { encoding?: TextEncoding },
  byte: number,
): Promise<Readable> {
  const encoding = head.encoding ?? 'utf8'
  if (!head.gzip && !head.zip && encoding === 'utf8') return readObject(key, byte)
  const inflated = head.zip ? await openZipCsv(key) : uncompressed(await readObject(key), head.gzip)
  const text = encoding === 'utf8' ? inflated : inflated.pipe(toUtf8(encoding))
  if (text !== inflated) inflated.on('error', (error) => text.destroy(error))
  const skipped = text.pipe(skipBytes(byte))
  text.on('error', (error) => skipped.destroy(error))
  return skipped
}
