import { createVerify, X509Certificate } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import { closeServer, listen } from '../http/listen'
import { readBody } from '../http/read-body'

export interface ReceivedSnsMessage {
  headers: IncomingHttpHeaders
  /** The JSON body: Type, MessageId, TopicArn, Message, Timestamp, SignatureVersion, Signature, … */
  body: Record<string, string>
  raw: string
  /** `path?query` the message was posted to. */
  path: string
}

export interface SnsSubscriber {
  /** `http://127.0.0.1:<port>/sns` — subscribe this (any path under it works too). */
  url: string
  messages: ReceivedSnsMessage[]
  /** The next `count` posts are answered `status` (and not recorded), like a failing endpoint. */
  failNext(count: number, status?: number): void
  /** The first message (received already or within `timeoutMs`) that satisfies `match`. */
  waitFor(match: (message: ReceivedSnsMessage) => boolean, timeoutMs?: number): Promise<ReceivedSnsMessage>
  close(): Promise<void>
}

/** A tiny HTTP endpoint that records what SNS posts to it, like the product's events endpoint would receive. */
export async function startSnsSubscriber(): Promise<SnsSubscriber> {
  const messages: ReceivedSnsMessage[] = []
  const waiters = new Set<() => void>()
  let failures: { count: number; status: number } = { count: 0, status: 500 }
  const server = createServer(async (request, response) => {
    const read = await readBody(request, 1024 * 1024)
    if (failures.count > 0) {
      failures.count -= 1
      response.writeHead(failures.status).end()
      return
    }
    const raw = read.ok ? read.body.toString('utf8') : ''
    let body: Record<string, string> = {}
    try {
      body = JSON.parse(raw) as Record<string, string>
    } catch {}
    messages.push({ headers: request.headers, body, raw, path: request.url ?? '/' })
    response.writeHead(200).end()
    for (const wake of waiters) wake()
  })
  const port = await listen(server, 0)
  return {
    url: `http://127.0.0.1:${port}/sns`,
    messages,
    failNext(count, status = 500) {
      failures = { count, status }
    },
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match)
          if (!found) return false
          cleanup()
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          cleanup()
          reject(new Error(`no matching SNS message within ${timeoutMs} ms (${messages.length} received)`))
        }, timeoutMs)
        const wake = () => void check()
        const cleanup = () => {
          clearTimeout(timer)
          waiters.delete(wake)
        }
        waiters.add(wake)
        check()
      })
    },
    close: () => closeServer(server),
  }
}

/** AWS's documented string to sign, written out here independently of the stand-in's own. */
function snsStringToSign(body: Record<string, string>): string {
  const keys =
    body.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type']
  return keys
    .filter((key) => body[key] !== undefined)
    .map((key) => `${key}\n${body[key]}\n`)
    .join('')
}

/**
 * Verifies a message the way an SNS subscriber must: fetch the certificate at `SigningCertURL` and check
 * `Signature` over the string to sign (RSA-SHA256 for SignatureVersion 2, RSA-SHA1 for 1).
 */
export async function verifySnsMessage(body: Record<string, string>): Promise<boolean> {
  const response = await fetch(body.SigningCertURL ?? '')
  if (!response.ok) return false
  const certificate = new X509Certificate(await response.text())
  return createVerify(body.SignatureVersion === '2' ? 'RSA-SHA256' : 'RSA-SHA1')
    .update(snsStringToSign(body), 'utf8')
    .verify(certificate.publicKey, body.Signature ?? '', 'base64')
}
