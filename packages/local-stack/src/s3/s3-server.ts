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
import { portInUseError } from '../ports'

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

/** s3rver on disk, with our local key pair accepted and the app's buckets (with CORS) in place. */
export async function startS3(options: S3Options): Promise<LocalS3> {
  // s3rver accepts only its S3RVER key unless more pairs are registered in its account model.
  const accounts = createRequire(import.meta.url)('s3rver/lib/models/account') as S3rverAccounts
  accounts.DUMMY_ACCOUNT.createKeyPair(options.credentials.accessKeyId, options.credentials.secretAccessKey)

  const server = new S3rver({
    address: LOOPBACK,
    port: options.port,
    directory: options.directory,
    silent: true,
    vhostBuckets: false,
  })
  await server.run().catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'EADDRINUSE' ? portInUseError('s3', options.port) : error
  })
  const endpoint = `http://${LOOPBACK}:${options.port}`

  const client = new S3Client({
    region: options.region,
    endpoint,
    credentials: options.credentials,
    forcePathStyle: true,
  })
  for (const bucket of options.buckets) await ensureBucket(client, bucket, options.appOrigin)
  client.destroy()

  return { endpoint, stop: () => server.close() }
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
