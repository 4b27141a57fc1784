import { Transform } from 'node:stream'
import { AppError } from '../../errors'

/**
 * How an uploaded CSV's bytes are text. Excel's "Unicode text" and many Windows tools write UTF-16 with a byte
 * order mark; everything else is read as UTF-8. The importer works on UTF-8 bytes (its checkpoints are offsets
 * into them), so a UTF-16 file is transcoded as a stream, before anything else reads it.
 */
export const TEXT_ENCODINGS = ['utf8', 'utf16le', 'utf16be'] as const
export type TextEncoding = (typeof TEXT_ENCODINGS)[number]

/** The encoding a file's first bytes announce (UTF-16 by its byte order mark; UTF-8 otherwise, with or without). */
export function detectEncoding(head: Uint8Array): TextEncoding {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf16le'
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf16be'
  return 'utf8'
}

/**
 * UTF-16 bytes to UTF-8 bytes (the byte order mark dropped; a character split across chunks kept whole; an
 * unpaired surrogate becomes U+FFFD). UTF-8 passes through untouched.
 */
export function toUtf8(encoding: TextEncoding): Transform {
  if (encoding === 'utf8') return new Transform({ transform: (chunk, _encoding, done) => done(null, chunk) })
  const decoder = new TextDecoder(encoding === 'utf16le' ? 'utf-16le' : 'utf-16be')
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = decoder.decode(chunk, { stream: true })
      done(null, text ? Buffer.from(text, 'utf8') : undefined)
    },
    flush(done) {
      const rest = decoder.decode()
      done(null, rest ? Buffer.from(rest, 'utf8') : undefined)
    },
  })
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a binary file holds
const BINARY = /[\x00-\x08\x0e-\x1a\x1c-\x1f]/

/**
 * A file that is not text (an image, a spreadsheet in its binary format, UTF-16 without a byte order mark): its
 * first bytes, decoded, hold control characters no CSV has. Refused whole, so none of its bytes reach the
 * invalid-rows file.
 */
export function refuseBinary(sample: string): void {
  if (BINARY.test(sample))
    throw new AppError(
      'contact_import.invalid_file',
      'The file is not a text CSV (it holds binary data). Save it as CSV (UTF-8 or UTF-16) and upload that.',
    )
}
