import { rmSync } from 'node:fs'
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { SignatureV4 } from '@smithy/signature-v4'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NodeSha256 } from '../local-aws/sigv4'
import { scratchDir } from '../testing/scratch-dir'
import { type LocalS3, startS3 } from './s3-server'

const REGION = 'us-east-1'
const BUCKET = 'transfers-test'
const APP_ORIGIN = 'http://localhost:31999'
const credentials = { accessKeyId: 'AKIALOCALS3TEST00000', secretAccessKey: 'local-s3-test-secret-key' }
const directory = scratchDir('ses-studio-s3-auth-')

let s3: LocalS3
let client: S3Client
const clientWith = (keys: typeof credentials, region = REGION) =>
  new S3Client({ region, endpoint: s3.endpoint, credentials: keys, forcePathStyle: true })

beforeAll(async () => {
  s3 = await startS3({
    port: 0,
    directory,
    region: REGION,
    credentials,
    buckets: [BUCKET],
    appOrigin: APP_ORIGIN,
  })
  client = clientWith(credentials)
})
afterAll(async () => {
  client?.destroy()
  await s3?.stop()
  rmSync(directory, { recursive: true, force: true })
})

const presignPut = (key: string, signer = client, options: Parameters<typeof getSignedUrl>[2] = {}) =>
  getSignedUrl(signer, new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: 'text/csv' }), {
    expiresIn: 900,
    ...options,
  })
const presignGet = (key: string, options: Parameters<typeof getSignedUrl>[2] = {}) =>
  getSignedUrl(
    client,
    new GetObjectCommand({
      Bucket: BUCKET,
      Key: key,
      ResponseContentDisposition: 'attachment; filename="contacts.csv"',
    }),
    { expiresIn: 900, ...options },
  )
const upload = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'PUT', body, headers: { 'content-type': 'text/csv', ...headers } })

async function s3Error(response: Response) {
  const xml = await response.text()
  return {
    status: response.status,
    code: /<Code>([^<]*)<\/Code>/.exec(xml)?.[1],
    message: /<Message>([^<]*)<\/Message>/.exec(xml)?.[1],
    xml,
  }
}

async function exists(key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))
    return true
  } catch (error) {
    if (error instanceof NotFound) return false
    throw error
  }
}

describe('local S3 presigned URLs', () => {
  it('a presigned PUT stores the file and a presigned GET reads it back with its overrides', async () => {
    const key = 'imports/org-a/upload 1 ä+b.csv'
    const put = await upload(await presignPut(key), 'email\na@example.com\n')
    expect(put.status).toBe(200)
    const get = await fetch(await presignGet(key))
    expect(get.status).toBe(200)
    expect(get.headers.get('content-disposition')).toBe('attachment; filename="contacts.csv"')
    expect(await get.text()).toBe('email\na@example.com\n')
  })

  it("refuses a presigned PUT rewritten to another organization's prefix, and writes nothing", async () => {
    const url = await presignPut('imports/org-a/upload-2')
    const rewritten = url.replace('/imports/org-a/', '/imports/org-b/')
    expect(rewritten).not.toBe(url)
    const answer = await s3Error(await upload(rewritten, 'email\nmallory@example.com\n'))
    expect(answer).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' })
    expect(await exists('imports/org-b/upload-2')).toBe(false)
    expect(await exists('imports/org-a/upload-2')).toBe(false)
  })

  it('refuses a presigned URL used with another method or with a changed parameter', async () => {
    const key = 'imports/org-a/upload-3'
    expect((await upload(await presignPut(key), 'x')).status).toBe(200)
    const asDelete = await s3Error(await fetch(await presignPut(key), { method: 'DELETE' }))
    expect(asDelete).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' })
    expect(await exists(key)).toBe(true)
    const longer = (await presignGet(key)).replace('X-Amz-Expires=900', 'X-Amz-Expires=901')
    expect(await s3Error(await fetch(longer))).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' })
    const otherName = (await presignGet(key)).replace('contacts.csv', 'other.csv')
    expect(await s3Error(await fetch(otherName))).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    })
  })

  it('refuses an expired presigned URL', async () => {
    const key = 'imports/org-a/upload-4'
    const signingDate = new Date(Date.now() - 2 * 60 * 60 * 1000)
    const answer = await s3Error(
      await upload(await presignPut(key, client, { signingDate, expiresIn: 60 }), 'x'),
    )
    expect(answer).toMatchObject({ status: 403, code: 'AccessDenied', message: 'Request has expired' })
    expect(await exists(key)).toBe(false)
    // The same age, still within its lifetime, passes: the refusal is the expiry.
    const alive = await upload(await presignPut(key, client, { signingDate, expiresIn: 3 * 60 * 60 }), 'x')
    expect(alive.status).toBe(200)
  })

  it('refuses X-Amz-Expires beyond a week', async () => {
    const url = (await presignGet('imports/org-a/upload 1 ä+b.csv')).replace(
      'X-Amz-Expires=900',
      'X-Amz-Expires=604801',
    )
    expect(await s3Error(await fetch(url))).toMatchObject({
      status: 400,
      code: 'AuthorizationQueryParametersError',
    })
  })

  it('refuses a URL presigned with an unknown access key id', async () => {
    const stranger = clientWith({
      accessKeyId: 'AKIAUNKNOWN000000000',
      secretAccessKey: credentials.secretAccessKey,
    })
    const answer = await s3Error(await upload(await presignPut('imports/org-a/upload-5', stranger), 'x'))
    expect(answer).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' })
    expect(answer.xml).toContain('<AWSAccessKeyId>AKIAUNKNOWN000000000</AWSAccessKeyId>')
    stranger.destroy()
  })

  it('refuses a URL presigned with the wrong secret', async () => {
    const forger = clientWith({ ...credentials, secretAccessKey: 'not-the-local-secret-at-all' })
    const answer = await s3Error(await upload(await presignPut('imports/org-a/upload-6', forger), 'x'))
    expect(answer).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' })
    forger.destroy()
  })
})

describe('local S3 without credentials', () => {
  it('refuses an unsigned listing and an unsigned GET, showing no keys', async () => {
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'exports/org-a/secret.csv', Body: 'a' }))
    const listing = await s3Error(await fetch(`${s3.endpoint}/${BUCKET}?list-type=2`))
    expect(listing).toMatchObject({ status: 403, code: 'AccessDenied' })
    expect(listing.xml).not.toContain('org-a')
    const listBuckets = await s3Error(await fetch(`${s3.endpoint}/`))
    expect(listBuckets).toMatchObject({ status: 403, code: 'AccessDenied' })
    expect(listBuckets.xml).not.toContain(BUCKET)
    const get = await s3Error(await fetch(`${s3.endpoint}/${BUCKET}/exports/org-a/secret.csv`))
    expect(get).toMatchObject({ status: 403, code: 'AccessDenied' })
    const put = await s3Error(await upload(`${s3.endpoint}/${BUCKET}/imports/org-b/anon`, 'x'))
    expect(put).toMatchObject({ status: 403, code: 'AccessDenied' })
    expect(await exists('imports/org-b/anon')).toBe(false)
  })

  it('answers a CORS preflight unsigned, and a refusal to an allowed origin carries its CORS headers', async () => {
    const url = `${s3.endpoint}/${BUCKET}/imports/org-a/upload-7`
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: APP_ORIGIN,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT')

    const refused = await upload(url, 'x', { origin: APP_ORIGIN })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN)
    expect(refused.headers.get('access-control-expose-headers')).toBe('ETag')
    const expired = await upload(
      await presignPut('imports/org-a/upload-7', client, {
        signingDate: new Date(Date.now() - 3600_000),
        expiresIn: 60,
      }),
      'x',
      { origin: APP_ORIGIN },
    )
    expect(expired.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN)
    expect((await s3Error(expired)).message).toBe('Request has expired')

    const elsewhere = await upload(url, 'x', { origin: 'http://evil.example' })
    expect(elsewhere.status).toBe(403)
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('local S3 through the SDK (header signatures)', () => {
  it('puts, heads, lists, reads and uploads in parts with the local key pair', async () => {
    await client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'errors/org-a/rows.csv', Body: Buffer.from('row\n') }),
    )
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'errors/org-a/rows.csv' }))
    expect(head.ContentLength).toBe(4)
    const list = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'errors/' }))
    expect(list.Contents?.map((item) => item.Key)).toEqual(['errors/org-a/rows.csv'])
    const got = await client.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: 'errors/org-a/rows.csv', Range: 'bytes=1-' }),
    )
    expect(await got.Body?.transformToString()).toBe('ow\n')

    const Key = 'exports/org-a/big.csv'
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key }))
    const part = Buffer.alloc(5 * 1024 * 1024, 'a')
    const first = await client.send(
      new UploadPartCommand({ Bucket: BUCKET, Key, UploadId, PartNumber: 1, Body: part }),
    )
    const second = await client.send(
      new UploadPartCommand({ Bucket: BUCKET, Key, UploadId, PartNumber: 2, Body: 'tail' }),
    )
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key,
        UploadId,
        MultipartUpload: {
          Parts: [
            { ETag: first.ETag, PartNumber: 1 },
            { ETag: second.ETag, PartNumber: 2 },
          ],
        },
      }),
    )
    expect((await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key }))).ContentLength).toBe(
      part.length + 4,
    )
  })

  it('maps refusals to the SDK errors S3 gives: unknown key, wrong secret, wrong region', async () => {
    const put = (keys: typeof credentials, region?: string) => {
      const other = clientWith(keys, region)
      return other
        .send(new PutObjectCommand({ Bucket: BUCKET, Key: 'imports/org-b/sdk', Body: 'x' }))
        .finally(() => other.destroy())
    }
    await expect(put({ ...credentials, accessKeyId: 'AKIAUNKNOWN000000000' })).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
      $metadata: { httpStatusCode: 403 },
    })
    await expect(
      put({ ...credentials, secretAccessKey: 'not-the-local-secret-at-all' }),
    ).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    })
    await expect(put(credentials, 'eu-west-1')).rejects.toMatchObject({
      name: 'AuthorizationHeaderMalformed',
    })
    expect(await exists('imports/org-b/sdk')).toBe(false)
  })

  it('refuses a body that does not match its signed hash', async () => {
    const url = new URL(`${s3.endpoint}/${BUCKET}/imports/org-a/hashed`)
    const signer = new SignatureV4({
      credentials,
      region: REGION,
      service: 's3',
      sha256: NodeSha256,
      uriEscapePath: false,
    })
    const signed = await signer.sign({
      method: 'PUT',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      headers: { host: url.host, 'x-amz-content-sha256': await sha256Hex('good') },
      body: 'good',
    })
    const send = (body: string) => fetch(url, { method: 'PUT', headers: signed.headers, body })
    expect(await s3Error(await send('evil'))).toMatchObject({
      status: 400,
      code: 'XAmzContentSHA256Mismatch',
    })
    expect(await exists('imports/org-a/hashed')).toBe(false)
    expect((await send('good')).status).toBe(200)
  })
})

async function sha256Hex(text: string): Promise<string> {
  const hash = new NodeSha256()
  hash.update(Buffer.from(text))
  return Buffer.from(await hash.digest()).toString('hex')
}
