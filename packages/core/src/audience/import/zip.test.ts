import type { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import yauzl, { type ZipFile } from 'yauzl'
import { csvOfZip, isZip } from './zip'
import { zipArchive } from './zip-archive.fixture'

const open = (buffer: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true },
      (error, zipfile) => (error ? reject(error) : resolve(zipfile)),
    ),
  )

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

const CSV = 'email,firstName\r\nzoë@example.com,Zoë\r\n'

describe('a zip archive holding the CSV', () => {
  it('is known by its bytes', () => {
    expect(isZip(zipArchive([{ name: 'a.csv', content: CSV }]))).toBe(true)
    expect(isZip(Buffer.from(CSV))).toBe(false)
  })

  it('streams its one CSV file, ignoring folders and the files zip tools add', async () => {
    const archive = zipArchive([
      { name: 'export/', content: '' },
      { name: 'export/contacts.csv', content: CSV },
      { name: '__MACOSX/export/._contacts.csv', content: 'resource fork' },
      { name: 'export/.DS_Store', content: 'finder' },
    ])
    expect(await text(await csvOfZip(await open(archive)))).toBe(CSV)
  })

  it('refuses no file, several files, a file that is not a CSV', async () => {
    await expect(csvOfZip(await open(zipArchive([{ name: 'folder/', content: '' }])))).rejects.toMatchObject({
      code: 'contact_import.invalid_file',
      message: expect.stringContaining('holds no file'),
    })
    const two = zipArchive([
      { name: 'a.csv', content: CSV },
      { name: 'b.csv', content: CSV },
    ])
    await expect(csvOfZip(await open(two))).rejects.toMatchObject({
      message: expect.stringContaining('holds 2 files'),
    })
    await expect(
      csvOfZip(await open(zipArchive([{ name: 'photo.jpg', content: 'x' }]))),
    ).rejects.toMatchObject({ message: expect.stringContaining('not a .csv file') })
  })

  it('refuses a zip bomb: a stated size over the limit before reading, a lie while inflating', async () => {
    const huge = zipArchive([{ name: 'a.csv', content: CSV, statedSize: 2 ** 31 }])
    await expect(csvOfZip(await open(huge))).rejects.toMatchObject({
      message: expect.stringContaining('unzipped; imports take at most 1024 MB'),
    })
    const lying = zipArchive([{ name: 'a.csv', content: 'x'.repeat(100_000), statedSize: 10 }])
    await expect(text(await csvOfZip(await open(lying)))).rejects.toThrow(/too many bytes|size/i)
  })
})
