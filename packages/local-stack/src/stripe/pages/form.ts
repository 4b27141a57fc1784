import type { IncomingMessage } from 'node:http'
import { readBody } from '../../http/read-body'

/** A submitted HTML form (urlencoded). */
export async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const body = await readBody(request, 64 * 1024)
  return new URLSearchParams(body.ok ? body.body.toString('utf8') : '')
}
