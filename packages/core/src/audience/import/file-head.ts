import { Readable, Transform } from 'node:stream'
import { AppError } from '../../errors'
import { type Delimiter, detectDelimiter, isGzip, readRows, uncompressed } from './csv-rows'
import { readObject } from './files'
import { isZip, openZipCsv } from './zip'

/** The first row must end within this many bytes. */
const HEAD_BYTES = 64 * 1024

export interface FileHead {
  gzip: boolean
  /** A zip archive holding the CSV (read from its one file). */
  zip: boolean
  delimiter: Delimiter
  header: string[]
  /** Where the first data row starts (uncompressed bytes). */
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
  const delimiter = detectDelimiter(sample.toString('utf8'))
  const truncated = sample.length >= HEAD_BYTES
  for await (const row of readRows(Readable.from([sample]), { delimiter })) {
    if (truncated && row.endByte >= sample.length) break
    return { gzip, zip, delimiter, header: row.cells, dataStart: row.endByte }
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

/** The file's uncompressed bytes from `byte` on: a ranged read, or inflate-and-skip for gzip and zip. */
export async function openFileAt(
  key: string,
  head: Pick<FileHead, 'gzip' | 'zip'>,
  byte: number,
): Promise<Readable> {
  if (!head.gzip && !head.zip) return readObject(key, byte)
  const inflated = head.zip ? await openZipCsv(key) : uncompressed(await readObject(key), true)
  const skipped = inflated.pipe(skipBytes(byte))
  inflated.on('error', (error) => skipped.destroy(error))
  return skipped
}
