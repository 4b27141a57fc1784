import { ENV } from '@app/contracts'
import * as z from 'zod'
import { coreEnv } from '../env'

/** Audience's own configuration; each read on first use so routes that never need it never depend on it. */

/**
 * The unsubscribe link signing keys as configured (a JSON key set, parsed and checked by `unsubscribe/links`);
 * read on each use so the links module can notice a change (tests rotate keys).
 */
export function unsubscribeKeysVariable(): string | undefined {
  return process.env[ENV.unsubscribeKeys]
}

/** Where the API answers publicly (CloudFront serves `/api/*` on the site; locally the API's own port). */
export function publicApiOrigin(): string {
  return (process.env[ENV.apiUrl] || coreEnv().appUrl).replace(/\/$/, '')
}

let bucketName: string | undefined

/** The bucket of imports' uploads and exports' files. */
export function transferBucket(): string {
  bucketName ??= z.string().min(3).parse(process.env[ENV.transferBucket])
  return bucketName
}

/** The queue of the import and export worker. */
export function contactTransferQueueUrl(): string {
  return z.url().parse(process.env[ENV.contactTransferQueueUrl])
}
