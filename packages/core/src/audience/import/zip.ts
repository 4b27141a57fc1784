import { PassThrough, type Readable } from 'node:stream'
import { IMPORT_MAX_UNCOMPRESSED_BYTES } from '@app/contracts'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import { AppError } from '../../errors'
import { transferBucket } from '../env'
import { objectSize, s3 } from './files'

/** A zip archive's local file header: an upload is opened as a zip when it starts with it, whatever its name. */
export function isZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04
}

const invalid = (message: string) => new AppError('contact_import.invalid_file', message)

/** Entries a zip tool adds beside the file (folders, macOS resource forks, hidden files): not counted. */
const ignored = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\./.test(name)

function entries(zipfile: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const found: Entry[] = []
    zipfile.on('entry', (entry: Entry) => {
      found.push(entry)
      zipfile.readEntry()
    })
    zipfile.on('end', () => resolve(found))
    zipfile.on('error', reject)
    zipfile.readEntry()
  })
}

/**
 * The one CSV file of an archive, streamed (inflated as it is read, never whole in memory). Refused: an archive
 * with no file or several, a file not named .csv/.txt, an encrypted one, one whose stated uncompressed size is
 * over `IMPORT_MAX_UNCOMPRESSED_BYTES` (a zip bomb), and — yauzl checks while inflating — one that inflates to
 * more than it stated.
 */
export async function csvOfZip(zipfile: ZipFile): Promise<Readable> {
  try {
    return await openTheCsv(zipfile)
  } catch (error) {
    zipfile.close()
    throw error
  }
}

async function openTheCsv(zipfile: ZipFile): Promise<Readable> {
  let files: Entry[]
  try {
    files = (await entries(zipfile)).filter((entry) => !ignored(entry.fileName))
  } catch {
    throw invalid('The file is not a valid zip archive.')
  }
  if (files.length === 0) throw invalid('The zip archive holds no file: put one .csv file in it.')
  if (files.length > 1)
    throw invalid(`The zip archive holds ${files.length} files; put only the one .csv file to import in it.`)
  const [entry] = files as [Entry]
  if (!/\.(csv|txt)$/i.test(entry.fileName))
    throw invalid(`The zip archive holds ${entry.fileName}, not a .csv file.`)
  if (entry.isEncrypted()) throw invalid('The zip archive is encrypted; zip the file without a password.')
  if (entry.uncompressedSize > IMPORT_MAX_UNCOMPRESSED_BYTES)
    throw invalid(
      `The file in the zip archive is ${(entry.uncompressedSize / 1024 / 1024).toFixed(0)} MB unzipped; imports take at most ${IMPORT_MAX_UNCOMPRESSED_BYTES / 1024 / 1024} MB.`,
    )
  return new Promise((resolve, reject) => {
    zipfile.openReadStream(entry, (error, stream) => {
      if (error) {
        reject(invalid('The file in the zip archive cannot be read.'))
        return
      }
      // Opened without autoClose (it would close the archive once the listing ended): closed with the stream.
      stream.once('close', () => zipfile.close())
      resolve(stream)
    })
  })
}

/** Reads byte ranges of an uploaded object (the central directory at the end, then the entry): S3 ranged GETs. */
class S3RangeReader extends yauzl.RandomAccessReader {
  constructor(private readonly key: string) {
    super()
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough()
    s3()
      .send(
        new GetObjectCommand({ Bucket: transferBucket(), Key: this.key, Range: `bytes=${start}-${end - 1}` }),
      )
      .then((answer) => {
        const body = answer.Body as Readable
        body.on('error', (error) => out.destroy(error))
        body.pipe(out)
      })
      .catch((error: Error) => out.destroy(error))
    return out
  }
}

/** The CSV inside an uploaded zip archive (`csvOfZip`), read from S3 by ranges. */
export async function openZipCsv(key: string): Promise<Readable> {
  const size = await objectSize(key)
  if (size === undefined) throw new AppError('contact_import.file_not_found', 'The uploaded file is gone.')
  const zipfile = await new Promise<ZipFile>((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      new S3RangeReader(key),
      size,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true },
      (error, opened) => (error ? reject(invalid('The file is not a valid zip archive.')) : resolve(opened)),
    )
  })
  return csvOfZip(zipfile)
}
