import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { SignatureV4 } from '@smithy/signature-v4'
import { afterAll, describe, expect, it } from 'vitest'
import { NodeSha256 } from '../local-aws/sigv4'
import { authenticateS3, errorXml, S3Error, type S3Request } from './s3-auth'

/* The verifier alone, on a clock of our own: no s3rver behind it to refuse in its place. */

const REGION = 'us-east-1'
const HOST = '127.0.0.1:4569'
const credentials = { accessKeyId: 'AKIALOCALS3UNIT00000', secretAccessKey: 'local-s3-unit-secret' }
const keys = new Map([[credentials.accessKeyId, credentials.secretAccessKey]])
const SIGNED_AT = new Date('2026-03-01T12:00:00Z')
const at = (seconds: number) => () => SIGNED_AT.getTime() + seconds * 1000
const client = new S3Client({ region: REGION, endpoint: `http://${HOST}`, credentials, forcePathStyle: true })
afterAll(() => client.destroy())

async function presigned(command: PutObjectCommand | GetObjectCommand, expiresIn = 900): Promise<S3Request> {
  const url = new URL(await getSignedUrl(client, command, { expiresIn, signingDate: SIGNED_AT }))
  return {
    method: command instanceof PutObjectCommand ? 'PUT' : 'GET',
    url: url.pathname + url.search,
    headers: { host: HOST },
  }
}
const put = (Key: string, expiresIn?: number) =>
  presigned(new PutObjectCommand({ Bucket: 'transfers', Key, ContentType: 'text/csv' }), expiresIn)

async function headerSigned(path: string, body: string, payloadHash?: string): Promise<S3Request> {
  const signer = new SignatureV4({
    credentials,
    region: REGION,
    service: 's3',
    sha256: NodeSha256,
    uriEscapePath: false,
  })
  const hash = payloadHash ?? (await sha256Hex(body))
  const signed = await signer.sign(
    {
      method: 'PUT',
      protocol: 'http:',
      hostname: '127.0.0.1',
      path,
      headers: { host: HOST, 'x-amz-content-sha256': hash, 'content-type': 'text/csv' },
      body,
    },
    { signingDate: SIGNED_AT },
  )
  return { method: 'PUT', url: path, headers: signed.headers, bodySha256: await sha256Hex(body) }
}

async function refusal(request: S3Request, now = at(1), region = REGION) {
  const error = await authenticateS3(request, { region, keys, now }).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof S3Error)) throw new Error(`expected an S3Error, got ${String(error)}`)
  return { status: error.status, code: error.code, message: error.message }
}
const passes = (request: S3Request, now = at(1)) => authenticateS3(request, { region: REGION, keys, now })

describe('S3 presigned URL verification', () => {
  it("accepts the SDK presigner's URL (keys with spaces, plus signs and non-ASCII signed as sent)", async () => {
    await expect(passes(await put('imports/org-a/ä b+c%d.csv'))).resolves.toBeUndefined()
    const download = await presigned(
      new GetObjectCommand({
        Bucket: 'transfers',
        Key: 'exports/org-a/x.csv',
        ResponseContentDisposition: 'attachment; filename="x.csv"',
      }),
    )
    await expect(passes(download)).resolves.toBeUndefined()
  })

  it('refuses a rewritten path, another method, another host and a changed parameter', async () => {
    const request = await put('imports/org-a/file')
    const mismatch = { status: 403, code: 'SignatureDoesNotMatch' }
    expect(await refusal({ ...request, url: request.url.replace('org-a', 'org-b') })).toMatchObject(mismatch)
    expect(await refusal({ ...request, url: request.url.replace('/file?', '/./file?') })).toMatchObject(
      mismatch,
    )
    expect(await refusal({ ...request, method: 'DELETE' })).toMatchObject(mismatch)
    expect(await refusal({ ...request, headers: { host: '127.0.0.1:9999' } })).toMatchObject(mismatch)
    expect(
      await refusal({ ...request, url: request.url.replace('x-id=PutObject', 'x-id=GetObject') }),
    ).toMatchObject(mismatch)
    expect(await refusal({ ...request, url: `${request.url}&prefix=org-b` })).toMatchObject(mismatch)
  })

  it('enforces X-Amz-Expires to the second, and its range of 1 second to 7 days', async () => {
    const request = await put('imports/org-a/file', 60)
    await expect(passes(request, at(60))).resolves.toBeUndefined()
    expect(await refusal(request, at(61))).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Request has expired',
    })
    for (const expires of ['0', '604801', '-5', 'soon'])
      expect(
        await refusal({
          ...request,
          url: request.url.replace('X-Amz-Expires=60', `X-Amz-Expires=${expires}`),
        }),
      ).toMatchObject({ status: 400, code: 'AuthorizationQueryParametersError' })
  })

  it('refuses an unknown key id, another region, a missing parameter and another algorithm', async () => {
    const request = await put('imports/org-a/file')
    const stranger = request.url.replace(credentials.accessKeyId, 'AKIAUNKNOWN000000000')
    expect(await refusal({ ...request, url: stranger })).toMatchObject({
      status: 403,
      code: 'InvalidAccessKeyId',
    })
    expect(await refusal(request, at(1), 'eu-west-1')).toMatchObject({
      status: 400,
      code: 'AuthorizationQueryParametersError',
    })
    const unsigned = request.url.replace(/&X-Amz-Signature=[0-9a-f]+/, '')
    expect(await refusal({ ...request, url: unsigned })).toMatchObject({
      code: 'AuthorizationQueryParametersError',
    })
    const sha1 = request.url.replace('X-Amz-Algorithm=AWS4-HMAC-SHA256', 'X-Amz-Algorithm=AWS4-HMAC-SHA1')
    expect(await refusal({ ...request, url: sha1 })).toMatchObject({
      code: 'AuthorizationQueryParametersError',
    })
  })
})

describe('S3 header signature verification', () => {
  it('accepts a signed payload hash that matches the body, and UNSIGNED-PAYLOAD', async () => {
    await expect(
      passes(await headerSigned('/transfers/errors/org-a/x.csv', 'a,b\n')),
    ).resolves.toBeUndefined()
    await expect(
      passes(await headerSigned('/transfers/errors/org-a/x.csv', 'a,b\n', 'UNSIGNED-PAYLOAD')),
    ).resolves.toBeUndefined()
  })

  it('refuses another body, path or key, a skewed clock, no payload hash and SigV2', async () => {
    const request = await headerSigned('/transfers/errors/org-a/x.csv', 'a,b\n')
    expect(await refusal({ ...request, bodySha256: await sha256Hex('a,c\n') })).toMatchObject({
      status: 400,
      code: 'XAmzContentSHA256Mismatch',
    })
    expect(await refusal({ ...request, url: '/transfers/errors/org-b/x.csv' })).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    })
    const authorization = String(request.headers.authorization)
    const stranger = authorization.replace(credentials.accessKeyId, 'AKIAUNKNOWN000000000')
    expect(
      await refusal({ ...request, headers: { ...request.headers, authorization: stranger } }),
    ).toMatchObject({
      status: 403,
      code: 'InvalidAccessKeyId',
    })
    expect(await refusal(request, at(16 * 60))).toMatchObject({ status: 403, code: 'RequestTimeTooSkewed' })
    const { 'x-amz-content-sha256': _, ...noHash } = request.headers
    expect(await refusal({ ...request, headers: noHash })).toMatchObject({
      status: 400,
      code: 'InvalidRequest',
    })
    const v2 = { ...request.headers, authorization: `AWS ${credentials.accessKeyId}:c2lnbmF0dXJl` }
    expect(await refusal({ ...request, headers: v2 })).toMatchObject({ status: 400, code: 'InvalidRequest' })
  })

  it('refuses no credentials at all, and two mechanisms at once', async () => {
    expect(await refusal({ method: 'GET', url: '/transfers?list-type=2', headers: { host: HOST } })).toEqual({
      status: 403,
      code: 'AccessDenied',
      message: 'Access Denied',
    })
    const presignedGet = await put('imports/org-a/file')
    const header = await headerSigned('/transfers/imports/org-a/file', '')
    expect(await refusal({ ...header, url: presignedGet.url })).toMatchObject({
      status: 400,
      code: 'InvalidArgument',
    })
  })
})

it('writes S3 errors as S3 does, escaped', () => {
  const xml = errorXml(new S3Error(403, 'AccessDenied', 'a <b> & "c"', { Key: "it's" }), 'REQ1')
  expect(xml).toBe(
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code>' +
      '<Message>a &#60;b&#62; &#38; &#34;c&#34;</Message><Key>it&#39;s</Key><RequestId>REQ1</RequestId></Error>',
  )
})

async function sha256Hex(text: string): Promise<string> {
  const hash = new NodeSha256()
  hash.update(Buffer.from(text))
  return Buffer.from(await hash.digest()).toString('hex')
}
