import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { claimStrings, createJwtAuthorizer } from './jwt-authorizer'

describe('claimStrings', () => {
  it('passes every claim as a string, as API Gateway does', () => {
    expect(
      claimStrings({
        sub: 'u',
        exp: 1700000000,
        email_verified: false,
        'cognito:groups': ['admins', 'users'],
        address: { country: 'FR' },
      }),
    ).toEqual({
      sub: 'u',
      exp: '1700000000',
      email_verified: 'false',
      'cognito:groups': '[admins users]',
      address: '{"country":"FR"}',
    })
  })
})

describe('createJwtAuthorizer', () => {
  const issuer = 'http://127.0.0.1/pool'
  let server: Server
  let jwksUri: string
  let sign: (claims: JWTPayload) => Promise<string>
  let jwksRequests = 0

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256')
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
    server = createServer((_, response) => {
      jwksRequests++
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    jwksUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`
    sign = (claims) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(issuer).sign(privateKey)
  })
  afterEach(() => vi.useRealTimers())
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const nowSeconds = () => Math.floor(Date.now() / 1000)

  it('accepts a valid token again without re-verifying it, and refuses it once it has expired', async () => {
    const authorize = createJwtAuthorizer({ issuer, audience: ['client'], jwksUri })
    const token = await sign({ sub: 'u1', aud: 'client', exp: nowSeconds() + 60 })
    const first = await authorize(`Bearer ${token}`)
    expect(first).toMatchObject({ ok: true, claims: { sub: 'u1' } })
    expect(await authorize(token)).toEqual(first)

    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 61_000)
    expect(await authorize(token)).toEqual({ ok: false, description: 'the token has expired' })
  })

  it('remembers only verified tokens: a forged signature stays refused however often it is sent', async () => {
    const authorize = createJwtAuthorizer({ issuer, audience: ['client'], jwksUri })
    const token = await sign({ sub: 'u2', aud: 'client', exp: nowSeconds() + 60 })
    const [header, payload] = token.split('.')
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: 'admin', aud: 'client', iss: issuer, exp: nowSeconds() + 60 }),
    ).toString('base64url')
    const forged = `${header}.${forgedPayload}.${token.split('.')[2]}`
    expect(payload).not.toBe(forgedPayload)
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await authorize(forged)).toEqual({ ok: false, description: 'the token signature is invalid' })
    }
    expect(await authorize(token)).toMatchObject({ ok: true })
  })

  it('refuses a token for another audience, and a token that is not yet valid until its nbf', async () => {
    const authorize = createJwtAuthorizer({ issuer, audience: ['client'], jwksUri })
    const other = await sign({ sub: 'u3', aud: 'other', exp: nowSeconds() + 60 })
    expect(await authorize(other)).toEqual({
      ok: false,
      description: 'the token does not have a valid audience',
    })
    const early = await sign({ sub: 'u4', aud: 'client', exp: nowSeconds() + 600, nbf: nowSeconds() + 300 })
    expect(await authorize(early)).toMatchObject({ ok: false })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 301_000)
    expect(await authorize(early)).toMatchObject({ ok: true, claims: { sub: 'u4' } })
    expect(jwksRequests).toBeGreaterThan(0)
  })
})
