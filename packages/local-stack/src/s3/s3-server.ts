import { createRequire } from 'node:module'
import {
  CreateBucketCommand,
  HeadBucketCommand,
  NotFound,
  PutBucketCorsCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { LOOPBACK } from '../http/listen'
import { startS3Verifier } from './s3-proxy'

interface S3rverAccounts {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void }
}

export interface S3Options {
  port: number
  directory: string
  region: string
  credentials: { accessKeyId: string; secretAccessKey: string }
  buckets: string[]
  /** Browser origin allowed to PUT/GET presigned URLs. */
  appOrigin: string
}

export interface LocalS3 {
  /** 127.0.0.1, not localhost: the SDK then uses path-style URLs by itself (no `<bucket>.localhost` DNS). */
  endpoint: string
  stop(): Promise<void>
}

/**
 * s3rver on disk behind our SigV4 verifier (`s3-proxy.ts`), which is what `endpoint` and the port reach: s3rver
 * itself checks no V4 signature and lets anonymous requests in. Our local key pair is the one accepted; the app's
 * buckets (with CORS) are put in place through the verifier.
 */
export async function startS3(options: S3Options): Promise<LocalS3> {
  // s3rver accepts only its S3RVER key unless more pairs are registered in its account model; it still reads the
  // key id of what the verifier passes on.
  const accounts = createRequire(import.meta.url)('s3rver/lib/models/account') as S3rverAccounts
  accounts.DUMMY_ACCOUNT.createKeyPair(options.credentials.accessKeyId, options.credentials.secretAccessKey)

  const server = new S3rver({
    address: LOOPBACK,
    port: 0,
    directory: options.directory,
    silent: true,
    vhostBuckets: false,
  })
  const { port: upstreamPort } = await server.run()
  const verifier = await startS3Verifier({
    port: options.port,
    upstreamPort,
    region: options.region,
    keys: new Map([[options.credentials.accessKeyId, options.credentials.secretAccessKey]]),
    corsHeaders: (bucket, origin, method) => corsHeaders(server, bucket, origin, method),
  }).catch(async (error: unknown) => {
    await server.close()
    throw error
  })
  const stop = async () => {
    await verifier.stop()
    await server.close()
  }
  const endpoint = `http://${LOOPBACK}:${verifier.port}`

  const client = new S3Client({
    region: options.region,
    endpoint,
    credentials: options.credentials,
    forcePathStyle: true,
  })
  try {
    for (const bucket of options.buckets) await ensureBucket(client, bucket, options.appOrigin)
  } catch (error) {
    await stop()
    throw error
  } finally {
    client.destroy()
  }

  return { endpoint, stop }
}

/** What s3rver's CORS middleware adds to an actual (not preflight) request's answer, for our own refusals. */
async function corsHeaders(
  server: S3rver,
  bucket: string,
  origin: string,
  method: string,
): Promise<Record<string, string>> {
  const rule = (await server.store.getSubresource(bucket, undefined, 'cors'))?.matchRule(origin, method)
  if (!rule) return {}
  return {
    'access-control-allow-origin': rule.hasWildcardOrigin ? '*' : origin,
    ...(rule.exposeHeaders.length > 0
      ? { 'access-control-expose-headers': rule.exposeHeaders.join(', ') }
      : {}),
    ...(rule.maxAgeSeconds != null ? { 'access-control-max-age': String(rule.maxAgeSeconds) } : {}),
    'access-control-allow-credentials': 'true',
    vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
  }
}

async function ensureBucket(client: S3Client, bucket: string, appOrigin: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }))
  } catch (error) {
    if (!(error instanceof NotFound)) throw error
    await client.send(new CreateBucketCommand({ Bucket: bucket }))
  }
  await client.send(
    new PutBucketCorsCommand({
      Bucket: bucket,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: [appOrigin],
            AllowedMethods: ['PUT', 'GET', 'HEAD'],
            AllowedHeaders: ['*'],
            ExposeHeaders: ['ETag'],
            MaxAgeSeconds: 3000,
          },
        ],
      },
    }),
  )
}
