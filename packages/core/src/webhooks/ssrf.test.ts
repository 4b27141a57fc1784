import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkUrl, classifyAddress, guardedPost, MAX_RESPONSE_BYTES, UrlRefused } from './ssrf'

describe('classifyAddress', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.1.1',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.0.192',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(classifyAddress(address)).toBe('refused')
  })

  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1'])(
    '%s is loopback',
    (address) => {
      expect(classifyAddress(address)).toBe('loopback')
    },
  )

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
  ])('lets %s through', (address) => {
    expect(classifyAddress(address)).toBe('public')
  })
})

describe('checkUrl', () => {
  const resolvesTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))

  it('takes https to a public host and answers the address it checked', async () => {
    const checked = await checkUrl('https://hooks.example.com/in', {
      allowLoopback: false,
      resolve: resolvesTo('93.184.215.14'),
    })
    expect(checked.address).toBe('93.184.215.14')
  })

  it('refuses http, credentials in the URL and unresolvable hosts', async () => {
    const options = { allowLoopback: false, resolve: resolvesTo('93.184.215.14') }
    await expect(checkUrl('http://hooks.example.com/', options)).rejects.toThrow(/https/)
    await expect(checkUrl('https://u:p@hooks.example.com/', options)).rejects.toThrow(UrlRefused)
    await expect(
      checkUrl('https://nowhere.example/', {
        allowLoopback: false,
        resolve: async () => {
          throw new Error('ENOTFOUND')
        },
      }),
    ).rejects.toThrow(/could not be resolved/)
  })

  it('refuses a host with any private or metadata address, IPv4 or IPv6, and literal ones', async () => {
    for (const addresses of [
      ['93.184.215.14', '10.0.0.7'],
      ['169.254.169.254'],
      ['fd00:ec2::254'],
      ['::ffff:192.168.0.1'],
    ])
      await expect(
        checkUrl('https://inside.example/', { allowLoopback: true, resolve: resolvesTo(...addresses) }),
      ).rejects.toThrow(/private, loopback, link-local or metadata/)
    await expect(
      checkUrl('https://169.254.169.254/latest/meta-data', { allowLoopback: true }),
    ).rejects.toThrow(UrlRefused)
    await expect(checkUrl('https://[::ffff:a9fe:a9fe]/', { allowLoopback: true })).rejects.toThrow(UrlRefused)
  })

  it('admits loopback (and http to it) only behind the local flag', async () => {
    await expect(checkUrl('https://127.0.0.1/', { allowLoopback: false })).rejects.toThrow(UrlRefused)
    await expect(checkUrl('http://localhost:9/', { allowLoopback: false })).rejects.toThrow(UrlRefused)
    expect((await checkUrl('http://127.0.0.1:9/', { allowLoopback: true })).address).toBe('127.0.0.1')
    // http stays refused for a public host even with the flag.
    await expect(
      checkUrl('http://hooks.example.com/', { allowLoopback: true, resolve: resolvesTo('93.184.215.14') }),
    ).rejects.toThrow(/https/)
  })
})

describe('guardedPost', () => {
  let server: Server
  let base: string
  const received: { host?: string; body: string }[] = []
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => {
        body += chunk
      })
      request.on('end', () => {
        received.push({ host: request.headers.host, body })
        if (request.url === '/to-metadata') {
          response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data' })
          response.end()
        } else if (request.url === '/hop') {
          response.writeHead(308, { location: '/ok' })
          response.end()
        } else if (request.url === '/big') {
          response.writeHead(200)
          response.end('x'.repeat(MAX_RESPONSE_BYTES * 4))
        } else if (request.url === '/slow') {
          setTimeout(() => response.end('late'), 2000)
        } else response.end('ok: received')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const post = (url: string, extra: Partial<Parameters<typeof guardedPost>[1]> = {}) =>
    guardedPost(url, { allowLoopback: true, headers: {}, body: '{"a":1}', timeoutMs: 1000, ...extra })

  it('connects to the checked address, whatever the name would resolve to now (no rebinding window)', async () => {
    // "receiver.invalid" resolves nowhere in DNS: only the checked address can have been used.
    const answer = await post(`http://receiver.invalid:${base.split(':')[1]}/in`, {
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    })
    expect(answer).toMatchObject({ statusCode: 200, excerpt: 'ok: received' })
    expect(received.at(-1)).toMatchObject({ host: `receiver.invalid:${base.split(':')[1]}`, body: '{"a":1}' })
  })

  it('follows a redirect by hand, checking its target again', async () => {
    expect(await post(`http://${base}/hop`)).toMatchObject({ statusCode: 200, excerpt: 'ok: received' })
    const refused = await post(`http://${base}/to-metadata`)
    expect(refused).toMatchObject({ statusCode: null, error: 'refused' })
    expect(refused.excerpt).toMatch(/^Redirect refused: .*169\.254\.169\.254/)
  })

  it('gives up after the timeout and reads at most 64 KB of an answer', async () => {
    const slow = await post(`http://${base}/slow`, { timeoutMs: 300 })
    expect(slow).toMatchObject({ statusCode: null, error: 'timeout' })
    expect(slow.durationMs).toBeLessThan(1500)
    const big = await post(`http://${base}/big`, { excerptLength: 100_000 })
    expect(big.statusCode).toBe(200)
    expect(big.excerpt.length).toBeLessThanOrEqual(MAX_RESPONSE_BYTES)
  })
})
