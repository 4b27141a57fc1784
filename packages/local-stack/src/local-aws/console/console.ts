import type { IncomingMessage, ServerResponse } from 'node:http'
import type { LocalAwsContext } from '../context'

export async function handleConsole(
  _context: LocalAwsContext,
  _request: IncomingMessage,
  response: ServerResponse,
  _url: URL,
): Promise<void> {
  response.writeHead(404, { 'content-type': 'text/plain' })
  response.end('Not found')
}
