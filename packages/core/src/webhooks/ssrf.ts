import { lookup } from 'node:dns/promises'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP } from 'node:net'

/**
 * The one way the product calls a URL a customer typed (webhook endpoints): no server-side request forgery.
 * - https only (http only with `allowLoopback`, the local flag).
 * - The host is resolved once; if ANY of its addresses is refused the URL is: private (10/8, 172.16/12,
 *   192.168/16), loopback, link-local (169.254/16 with the cloud metadata 169.254.169.254, fe80::/10), unique-local
 *   (fc00::/7, AWS's fd00:ec2::254), CGNAT (100.64/10), multicast, unspecified, reserved and documentation ranges;
 *   IPv4 inside IPv6 (mapped `::ffff:a.b.c.d`, compatible, NAT64 64:ff9b::/96) is judged as the IPv4 it carries.
 * - The connection goes to the address that was checked (the request's `lookup` answers it), so a DNS answer that
 *   changes between check and connect (rebinding) cannot send it elsewhere; TLS still verifies the host name.
 * - Redirects are followed by hand, at most `MAX_REDIRECTS`, each location checked again (the same signed POST is
 *   repeated there); one deadline bounds the whole call; at most `MAX_RESPONSE_BYTES` of an answer are read.
 * - `allowLoopback` (`WEBHOOKS_ALLOW_LOOPBACK=1`, set by the tests and never in the CDK stack) admits loopback
 *   addresses and http; every other refused range stays refused.
 */
export const MAX_REDIRECTS = 3
export const MAX_RESPONSE_BYTES = 64 * 1024

const refusedV4 = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT (and Alibaba's metadata 100.100.100.200)
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  refusedV4.addSubnet(network, prefix, 'ipv4')
const loopbackV4 = new BlockList()
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4')

const refusedV6 = new BlockList()
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (carries any IPv4, private ones included)
  ['2001::', 32], // Teredo
  ['fc00::', 7], // unique local (fd00:ec2::254, AWS's IPv6 metadata)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  refusedV6.addSubnet(network, prefix, 'ipv6')

export type AddressVerdict = 'public' | 'loopback' | 'refused'

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail folded in). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '')
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/)
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number)
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const parse = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [])
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right]
}

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64), if any. */
function embeddedIpv4(groups: number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups
  const v4 = `${g6 >> 8}.${g6 & 255}.${g7 >> 8}.${g7 & 255}`
  const zeroHead = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0
  if (zeroHead && g5 === 0xffff) return v4 // ::ffff:a.b.c.d
  if (zeroHead && g5 === 0 && (g6 !== 0 || g7 > 1)) return v4 // ::a.b.c.d (compatible; not :: or ::1)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return v4 // NAT64
  return undefined
}

/** Whether a webhook may reach this IP address (a literal, v4 or v6). */
export function classifyAddress(address: string): AddressVerdict {
  const family = isIP(address)
  if (family === 4) {
    if (loopbackV4.check(address, 'ipv4')) return 'loopback'
    return refusedV4.check(address, 'ipv4') ? 'refused' : 'public'
  }
  if (family !== 6) return 'refused'
  const groups = ipv6Groups(address)
  const v4 = embeddedIpv4(groups)
  if (v4) return classifyAddress(v4)
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return 'loopback'
  return refusedV6.check(address, 'ipv6') ? 'refused' : 'public'
}

export class UrlRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UrlRefused'
  }
}

export interface GuardOptions {
  allowLoopback: boolean
  /** How host names are resolved (tests inject one). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>
}

export interface CheckedUrl {
  url: URL
  /** The checked address the connection must go to. */
  address: string
  family: 4 | 6
}

const resolveHost = (host: string) => lookup(host, { all: true, verbatim: true })

/** Checks a URL's scheme and every address its host resolves to; answers the address to connect to. */
export async function checkUrl(raw: string | URL, options: GuardOptions): Promise<CheckedUrl> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new UrlRefused('The URL is not valid.')
  }
  const local = options.allowLoopback
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:'))
    throw new UrlRefused('The URL must start with https://.')
  if (url.username || url.password) throw new UrlRefused('The URL must not contain a user name or password.')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: { address: string; family: number }[]
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }]
  else {
    try {
      addresses = await (options.resolve ?? resolveHost)(host)
    } catch {
      throw new UrlRefused(`The host ${host} could not be resolved.`)
    }
  }
  if (addresses.length === 0) throw new UrlRefused(`The host ${host} could not be resolved.`)
  for (const { address } of addresses) {
    const verdict = classifyAddress(address)
    if (verdict === 'refused' || (verdict === 'loopback' && !local))
      throw new UrlRefused(
        `The host ${host} resolves to ${address}, a private, loopback, link-local or metadata address webhooks may not reach.`,
      )
  }
  const [first] = addresses as [{ address: string; family: number }]
  if (url.protocol === 'http:' && classifyAddress(first.address) !== 'loopback')
    throw new UrlRefused('The URL must start with https://.')
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 }
}

export interface GuardedResponse {
  statusCode: number | null
  /** The first characters of the body read (≤ 64 KB are read), or what went wrong. */
  excerpt: string
  durationMs: number
  /** Set when no answer could be taken (refused address, timeout, connection error, too many redirects). */
  error?: string
}

export interface PostOptions extends GuardOptions {
  headers: Record<string, string>
  body: string
  timeoutMs: number
  excerptLength?: number
}

/** POSTs `body` to `url` through the guard: every hop checked, pinned to its checked address, one deadline. */
export async function guardedPost(raw: string, options: PostOptions): Promise<GuardedResponse> {
  const started = Date.now()
  const deadline = started + options.timeoutMs
  const excerptLength = options.excerptLength ?? 500
  const done = (fields: Omit<GuardedResponse, 'durationMs'>): GuardedResponse => ({
    ...fields,
    durationMs: Date.now() - started,
  })
  let location = raw
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let checked: CheckedUrl
    try {
      checked = await checkUrl(location, options)
    } catch (error) {
      const reason = error instanceof UrlRefused ? error.message : String(error)
      return done({
        statusCode: null,
        excerpt: hop ? `Redirect refused: ${reason}` : reason,
        error: 'refused',
      })
    }
    let answer: { response: IncomingMessage; body: Buffer }
    try {
      answer = await postOnce(checked, options, deadline)
    } catch (error) {
      const timedOut = error instanceof Error && error.message === 'timeout'
      return done({
        statusCode: null,
        excerpt: timedOut
          ? `No answer within ${options.timeoutMs / 1000} s.`
          : `Connection failed: ${error instanceof Error ? error.message : String(error)}`,
        error: timedOut ? 'timeout' : 'connection',
      })
    }
    const status = answer.response.statusCode ?? 0
    const next = answer.response.headers.location
    if ([301, 302, 303, 307, 308].includes(status) && next) {
      location = new URL(next, checked.url).toString()
      continue
    }
    return done({ statusCode: status, excerpt: answer.body.toString('utf8').slice(0, excerptLength) })
  }
  return done({ statusCode: null, excerpt: `More than ${MAX_REDIRECTS} redirects.`, error: 'redirects' })
}

function postOnce(
  checked: CheckedUrl,
  options: PostOptions,
  deadline: number,
): Promise<{ response: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const send = checked.url.protocol === 'https:' ? httpsRequest : httpRequest
    const request = send(checked.url, {
      method: 'POST',
      headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body) },
      // The connection goes to the checked address, whatever DNS says now.
      lookup: (_host, lookupOptions, callback) => {
        const answer = { address: checked.address, family: checked.family }
        if ((lookupOptions as { all?: boolean }).all) (callback as (...a: unknown[]) => void)(null, [answer])
        else callback(null, answer.address, answer.family)
      },
    })
    const timer = setTimeout(() => request.destroy(new Error('timeout')), Math.max(0, deadline - Date.now()))
    request.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      let size = 0
      const finish = () => {
        clearTimeout(timer)
        resolve({ response, body: Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES) })
      }
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk)
        size += chunk.length
        // Enough read: the rest of the answer is not wanted.
        if (size >= MAX_RESPONSE_BYTES) {
          response.removeAllListeners('data')
          response.destroy()
          finish()
        }
      })
      response.on('end', finish)
      response.on('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
    })
    request.end(options.body)
  })
}
