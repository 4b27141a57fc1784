/**
 * How long a campaign takes, before it is sent (the pre-flight's estimate) and while it sends (the campaign page's
 * time left): one rule, fed by what the shared send limiter paces by — the account's MaxSendRate times the
 * campaigns' share, within what the daily quota still allows — plus the engine's start-up before the first
 * message. Not the first seconds' average: the start-up and the first lease make it meaningless (the page once
 * said "0.2 per second… about 24 minutes left" for a send that took 2 minutes).
 */

/** Seconds from confirming a send to its first message (the local run measured 10.8 s: materialise, dispatch). */
export const SEND_STARTUP_SECONDS = 11

export interface SendTimeInput {
  /** Recipients still to send. */
  remaining: number
  /** The account's SES MaxSendRate (recipients per second). */
  maxSendRate: number
  /** The campaigns' share of MaxSendRate, in percent (the AWS account's `sendSharePercent`). */
  sharePercent: number
  /** Recipients the daily quota still allows (Max24HourSend − SentLast24Hours); null: no daily limit. */
  todayAllows: number | null
  /** Seconds since the send was confirmed; omitted before it is. */
  elapsedSeconds?: number
  /** Whether a message went out already (the start-up is over). */
  started?: boolean
}

export interface SendTime {
  /** Recipients per second the limiter lets the campaigns use. */
  ratePerSecond: number
  /** Seconds until the last recipient that today's quota allows is sent (start-up included). */
  seconds: number
  /** Recipients beyond today's quota: they wait for the rolling 24-hour window, the campaign goes on by itself. */
  overQuota: number
}

/** The limiter's rate for campaigns: MaxSendRate × share. */
export const campaignSendRate = (maxSendRate: number, sharePercent: number): number =>
  Math.max(0, maxSendRate) * (Math.min(100, Math.max(0, sharePercent)) / 100)

export function sendTime(input: SendTimeInput): SendTime {
  const ratePerSecond = campaignSendRate(input.maxSendRate, input.sharePercent)
  const remaining = Math.max(0, Math.ceil(input.remaining))
  const allows = input.todayAllows === null ? remaining : Math.max(0, Math.floor(input.todayAllows))
  const today = Math.min(remaining, allows)
  const startup = input.started ? 0 : Math.max(0, SEND_STARTUP_SECONDS - (input.elapsedSeconds ?? 0))
  let seconds = 0
  if (today > 0) seconds = ratePerSecond > 0 ? startup + today / ratePerSecond : Number.POSITIVE_INFINITY
  return { ratePerSecond, seconds, overQuota: remaining - today }
}
