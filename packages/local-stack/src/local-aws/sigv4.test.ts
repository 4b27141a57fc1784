import { SignatureV4 } from '@smithy/signature-v4'
import { describe, expect, it } from 'vitest'
import { NodeSha256, parseAuthorization, signatureMatches } from './sigv4'

const credentials = { accessKeyId: 'AKIAEXAMPLE000000000', secretAccessKey: 'secret-secret-secret' }

/** Signs like the SDK does and hands back what the server receives. */
async function signed(path: string, body: string, query: Record<string, string> = {}) {
  const signer = new SignatureV4({ credentials, region: 'eu-west-1', service: 'ses', sha256: NodeSha256 })
  const request = await signer.sign({
    method: 'POST',
    protocol: 'http:',
    hostname: 'localhost',
    port: 8006,
    path,
    query,
    headers: { host: 'localhost:8006', 'content-type': 'application/json', 'x-amz-user-agent': 'test' },
    body,
  })
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
  )
  const rawQuery = new URLSearchParams(query).toString().replace(/\+/g, '%20')
  return { headers, rawQuery }
}

describe('SigV4 verification', () => {
  it('reads the credential scope and accepts what the SDK signer signed (encoded path, query)', async () => {
    const path = '/v2/email/identities/a%40b.com'
    const { headers, rawQuery } = await signed(path, '{"a":1}', { PageSize: '2', NextToken: 'a b/c' })
    const authorization = parseAuthorization(headers.authorization)
    expect(authorization).toMatchObject({
      accessKeyId: credentials.accessKeyId,
      region: 'eu-west-1',
      service: 'ses',
    })
    const request = { method: 'POST', path, query: rawQuery, headers, body: Buffer.from('{"a":1}') }
    expect(await signatureMatches(request, authorization as never, credentials)).toBe(true)
    expect(
      await signatureMatches(
        { ...request, body: Buffer.from('{"a":2}') },
        authorization as never,
        credentials,
      ),
    ).toBe(false)
    expect(
      await signatureMatches(request, authorization as never, { secretAccessKey: 'another-secret-another' }),
    ).toBe(false)
    expect(
      await signatureMatches(
        { ...request, path: '/v2/email/identities/x' },
        authorization as never,
        credentials,
      ),
    ).toBe(false)
  })

  it('refuses what is not a SigV4 Authorization header', () => {
    expect(parseAuthorization(undefined)).toBeUndefined()
    expect(parseAuthorization('Bearer token')).toBeUndefined()
    expect(
      parseAuthorization(
        'AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/ses, SignedHeaders=host, Signature=ab',
      ),
    ).toBeUndefined()
  })
})
