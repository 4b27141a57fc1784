import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { closeServer, LOOPBACK, listen } from '../http/listen'
import { authenticateS3, errorXml, needsBodyHash, type S3AuthOptions, S3Error } from './s3-auth'

/** S3's largest single PUT. */
const MAX_PUT_BYTES = 5 * 1024 ** 3

/** Hop-by-hop headers, not passed through (plus `expect`: the server answers 100-continue itself). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
])

/** A body written to a file of its own while it was hashed. */
interface SpooledBody {
  file: string
  size: number
  sha256: string
}

export interface S3VerifierOptions extends S3AuthOptions {
  port: number
  /** s3rver's port on loopback. */
  upstreamPort: number
  /** The CORS headers the bucket's configuration gives this origin and method, for the verifier's own refusals. */
  corsHeaders(bucket: string, origin: string, method: string): Promise<Record<string, string>>
}

export interface S3Verifier {
  port: number
  stop(): Promise<void>
}

/**
 * The local S3's front door: every request but a CORS preflight must carry a valid SigV4 signature (header or
 * presigned URL) or is answered with S3's error; what passes goes to s3rver unchanged and its answer comes back.
 */
export async function startS3Verifier(options: S3VerifierOptions): Promise<S3Verifier> {
  const agent = new Agent({ keepAlive: true })
  const spoolDir = await mkdtemp(join(tmpdir(), 'local-s3-bodies-'))
  const server = createServer((request, response) => {
    handle(request, response, options, agent, spoolDir).catch((error: unknown) => {
      if (response.headersSent) return response.destroy()
      const failure = new S3Error(500, 'InternalError', `We encountered an internal error: ${String(error)}`)
      respond(response, request.method, failure, {})
    })
  })
  const port = await listen(server, options.port, 's3').catch(async (error: unknown) => {
    await rm(spoolDir, { recursive: true, force: true })
    throw error
  })
  return {
    port,
    stop: async () => {
      await closeServer(server)
      agent.destroy()
      await rm(spoolDir, { recursive: true, force: true })
    },
  }
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  options: S3VerifierOptions,
  agent: Agent,
  spoolDir: string,
): Promise<void> {
  const method = request.method ?? 'GET'
  const url = request.url ?? '/'
  // A CORS preflight carries no credentials, in S3 as here: s3rver answers it from the bucket's CORS rules.
  if (method === 'OPTIONS') return forward(request, response, options.upstreamPort, agent)
  let body: SpooledBody | undefined
  try {
    if (needsBodyHash(request.headers)) {
      if (Number(request.headers['content-length'] ?? 0) > MAX_PUT_BYTES)
        throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', {
          MaxSizeAllowed: String(MAX_PUT_BYTES),
        })
      // The signed hash is checked before s3rver sees a byte: the body waits in a file, not in memory.
      body = await spool(request, join(spoolDir, randomBytes(8).toString('hex')))
    }
    await authenticateS3({ method, url, headers: request.headers, bodySha256: body?.sha256 }, options)
    await forward(request, response, options.upstreamPort, agent, body)
  } catch (error) {
    if (!(error instanceof S3Error)) throw error
    // Refused before s3rver saw anything; what is left of the body is read and dropped.
    request.resume()
    const origin = request.headers.origin
    const bucket = bucketOf(url)
    const cors = origin && bucket ? await options.corsHeaders(bucket, origin, method) : {}
    respond(response, method, error, cors)
  } finally {
    if (body) await rm(body.file, { force: true })
  }
}

async function spool(request: IncomingMessage, file: string): Promise<SpooledBody> {
  const hash = createHash('sha256')
  let size = 0
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      size += chunk.length
      done(null, chunk)
    },
  })
  await pipeline(request, hashing, createWriteStream(file, { mode: 0o600 }))
  return { file, size, sha256: hash.digest('hex') }
}

function respond(
  response: ServerResponse,
  method: string | undefined,
  error: S3Error,
  cors: Record<string, string>,
) {
  const requestId = randomBytes(8).toString('hex').toUpperCase()
  const xml = errorXml(error, requestId)
  response.writeHead(error.status, {
    ...cors,
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(xml),
    'x-amz-request-id': requestId,
  })
  response.end(method === 'HEAD' ? undefined : xml)
}

/** Passes the request to s3rver as received (its body from the file, when it was spooled) and the answer back. */
function forward(
  request: IncomingMessage,
  response: ServerResponse,
  upstreamPort: number,
  agent: Agent,
  body?: SpooledBody,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: LOOPBACK,
        port: upstreamPort,
        agent,
        method: request.method,
        path: request.url,
        headers: body
          ? { ...endToEnd(request.headers), 'content-length': String(body.size) }
          : endToEnd(request.headers),
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers))
        answer.pipe(response)
        answer.on('error', () => response.destroy())
      },
    )
    outgoing.on('error', reject)
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy()
      resolve()
    })
    const source = body ? createReadStream(body.file) : request
    source.on('error', reject)
    source.pipe(outgoing)
  })
}

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)))
}

/** The bucket of a path-style request (`/<bucket>/<key>`), if the path names one. */
function bucketOf(url: string): string | undefined {
  const segment = url.split('?')[0]?.split('/')[1] ?? ''
  try {
    const bucket = decodeURIComponent(segment)
    return /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) ? bucket : undefined
  } catch {
    return undefined
  }
}
