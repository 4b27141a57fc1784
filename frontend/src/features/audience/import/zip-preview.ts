/**
 * The start of the one CSV file in a chosen .zip, read in the browser for the preview: the archive's central
 * directory (at its end) names the entries; the CSV's bytes are sliced out and inflated as they stream
 * (`DecompressionStream('deflate-raw')`). The server reads the archive again and decides; this only shows columns.
 */
const ignored = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\./.test(name)

interface ZipEntry {
  name: string
  method: number
  compressedSize: number
  localOffset: number
}

async function bytes(file: Blob, start: number, end: number): Promise<DataView> {
  return new DataView(await file.slice(start, end).arrayBuffer())
}

async function centralDirectory(file: Blob): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, file.size - 65_557)
  const tail = await bytes(file, tailStart, file.size)
  let end = -1
  for (let at = tail.byteLength - 22; at >= 0; at--) {
    if (tail.getUint32(at, true) === 0x06054b50) {
      end = at
      break
    }
  }
  if (end < 0) throw new Error('This is not a zip archive.')
  const count = tail.getUint16(end + 10, true)
  const size = tail.getUint32(end + 12, true)
  const offset = tail.getUint32(end + 16, true)
  const directory = await bytes(file, offset, offset + size)
  const decoder = new TextDecoder()
  const entries: ZipEntry[] = []
  let at = 0
  for (let index = 0; index < count && at + 46 <= directory.byteLength; index++) {
    if (directory.getUint32(at, true) !== 0x02014b50) break
    const nameLength = directory.getUint16(at + 28, true)
    const extraLength = directory.getUint16(at + 30, true)
    const commentLength = directory.getUint16(at + 32, true)
    const name = decoder.decode(new Uint8Array(directory.buffer, directory.byteOffset + at + 46, nameLength))
    entries.push({
      name,
      method: directory.getUint16(at + 10, true),
      compressedSize: directory.getUint32(at + 20, true),
      localOffset: directory.getUint32(at + 42, true),
    })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** The CSV's text from its start, up to about `limit` characters; `done` when the whole file was read. */
export async function zipCsvHead(file: Blob, limit: number): Promise<{ text: string; done: boolean }> {
  const files = (await centralDirectory(file)).filter((entry) => !ignored(entry.name))
  if (files.length !== 1)
    throw new Error(
      files.length === 0
        ? 'The zip archive holds no file: put one .csv file in it.'
        : `The zip archive holds ${files.length} files; put only the one .csv file to import in it.`,
    )
  const [entry] = files as [ZipEntry]
  if (!/\.(csv|txt)$/i.test(entry.name))
    throw new Error(`The zip archive holds ${entry.name}, not a .csv file.`)
  const local = await bytes(file, entry.localOffset, entry.localOffset + 30)
  const dataStart = entry.localOffset + 30 + local.getUint16(26, true) + local.getUint16(28, true)
  const raw = file.slice(dataStart, dataStart + entry.compressedSize).stream()
  const stream = (
    entry.method === 8 ? raw.pipeThrough(new DecompressionStream('deflate-raw')) : raw
  ).pipeThrough(new TextDecoderStream())
  const reader = stream.getReader()
  let text = ''
  let done = false
  while (!done && text.length < limit) {
    const chunk = await reader.read()
    done = chunk.done
    if (chunk.value) text += chunk.value
  }
  await reader.cancel().catch(() => undefined)
  return { text, done }
}
