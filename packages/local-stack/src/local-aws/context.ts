import type { Faults } from './faults'
import type { KmsKeys } from './kms'
import type { LocalScheduler } from './scheduler'
import type { AcceptLog } from './ses/accept-log'
import type { SnsDeliveries } from './sns/deliveries'
import type { SnsSigner } from './sns/signing'
import type { StateFile } from './state'
import type { ControlPlaneThrottle } from './throttle'

/** What every part of the local AWS stand-in shares. */
export interface LocalAwsContext {
  state: StateFile
  keys: KmsKeys
  throttle: ControlPlaneThrottle
  faults: Faults
  /** Every message accepted from customer accounts, with its accept time (benches' and tests' ground truth). */
  accepted: AcceptLog
  /** EventBridge Scheduler's schedule operations and the timer that runs due one-time schedules. */
  scheduler: LocalScheduler
  /** SNS's signing key and certificate, and its HTTP/S deliveries (with SES event publishing on top). */
  snsSigner: SnsSigner
  sns: SnsDeliveries
  /** aws-ses-v2-local: delivery, mailbox. */
  upstreamUrl: string
  /** This server's origin as browsers and SDKs reach it (`http://localhost:<port>`). */
  publicUrl: string
  platformAccountId: string
  /** The stack's region: the default for console views and helpers. */
  region: string
  log: (line: string) => void
}

export const verificationLink = (context: LocalAwsContext, token: string) =>
  `${context.publicUrl}/console/verify-email?token=${encodeURIComponent(token)}`
