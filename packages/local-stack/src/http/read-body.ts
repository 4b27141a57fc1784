import type { IncomingMessage } from 'node:http'

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' }

/** Reads a request body, refusing more than `limit` bytes without buffering the excess. */
export async function readBody(request: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(request.headers['content-length'] ?? 0)
  if (declared > limit) {
    request.resume()
    return { ok: false, reason: 'too_large' }
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > limit) {
      request.resume()
      return { ok: false, reason: 'too_large' }
    }
    chunks.push(chunk as Buffer)
  }
  return { ok: true, body: Buffer.concat(chunks) }
}
