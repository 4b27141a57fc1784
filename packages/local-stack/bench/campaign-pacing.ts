/**
 * `npm run bench` (campaign pacing): the shared send limiter (`core/src/jobs/send-limiter.ts`) driving concurrent
 * senders that call SendBulkEmail on the local SES, judged by what the local SES accepted (its accept log):
 * - at MaxSendRate 14/s and 50/s over ≥ 2,000 recipients: the achieved rate as a ratio to the campaigns' share
 *   (80 % of MaxSendRate; goal ≥ 0.95), the busiest one-second window against MaxSendRate (never above), the
 *   throttled share of destinations (goal < 1 %);
 * - two campaigns on one account at once: together within the share, each getting a fair part;
 * - a campaign larger than the daily quota left: it stops at the quota with a `waitUntil`, and goes on by itself
 *   once SES's rolling window has room again (the clock moved to `waitUntil`, SES's count of the day cleared).
 * The senders are the limiter's callers as the send worker uses it (lease, wait for `notBefore`, send what was
 * granted, hold everyone back after a throttle). BENCH_PACING_RECIPIENTS (default 2000), BENCH_PACING_SENDERS
 * (default 6) size it.
 */
import { rmSync } from 'node:fs'
import { holdSends, leaseSendTokens, type SendQuota } from '@app/core/jobs/send-limiter'
import {
  CreateEmailIdentityCommand,
  GetAccountCommand,
  SESv2Client,
  SendBulkEmailCommand,
} from '@aws-sdk/client-sesv2'
import type { LocalStackConfig } from '../src/config'
import { startLocalStack } from '../src/index'
import type { AcceptedMessage } from '../src/local-aws/ses/accept-log'
import { FREE_PORTS } from '../src/ports'
import {
  createLocalCustomerAccount,
  type LocalAwsKeys,
  localAwsClientConfig,
  localSesAccepted,
  setLocalAwsThrottle,
  updateLocalSesAccount,
  verifyLocalIdentity,
} from '../src/testing/local-aws'
import { scratchDir } from '../src/testing/scratch-dir'

const RECIPIENTS = Math.max(50, Number(process.env.BENCH_PACING_RECIPIENTS ?? 2000))
const SENDERS = Math.max(1, Number(process.env.BENCH_PACING_SENDERS ?? 6))
const SHARE = 0.8
const REGION = 'us-east-1'

interface Account {
  keys: LocalAwsKeys
  ses: SESv2Client
  sender: string
  readQuota: () => Promise<SendQuota>
}

async function account(
  config: LocalStackConfig,
  maxSendRate: number,
  max24HourSend: number,
): Promise<Account> {
  const keys = await createLocalCustomerAccount(config, { productionAccess: true, region: REGION })
  await setLocalAwsThrottle(config, { accountId: keys.accountId, enabled: false })
  await updateLocalSesAccount(config, keys.accountId, { region: REGION, maxSendRate, max24HourSend })
  const ses = new SESv2Client({ ...localAwsClientConfig(config, keys, REGION), maxAttempts: 1 })
  const domain = `pacing-${keys.accountId}.example.com`
  await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: domain }))
  await verifyLocalIdentity(config, { accountId: keys.accountId, identity: domain, region: REGION })
  const readQuota = async (): Promise<SendQuota> => {
    const { SendQuota: quota } = await ses.send(new GetAccountCommand({}))
    return {
      maxSendRate: quota?.MaxSendRate ?? 1,
      max24HourSend: quota?.Max24HourSend ?? 200,
      sentLast24Hours: quota?.SentLast24Hours ?? 0,
    }
  }
  return { keys, ses, sender: `news@${domain}`, readQuota }
}

interface CampaignResult {
  sent: number
  throttled: number
  /** The limiter said the daily quota is spent until then (epoch ms, on the campaign's clock). */
  waitUntil?: number
}

/**
 * One campaign of `recipients` sent by `SENDERS` concurrent senders sharing the account's limiter; stops when all
 * are sent, or (with `stopAtQuota`) when the limiter reports the daily quota spent. `clockOffset` moves the
 * limiter's clock (the daily-quota scenario's "next day").
 */
async function runCampaign(
  target: Account,
  name: string,
  recipients: string[],
  options: { stopAtQuota?: boolean; clockOffset?: number } = {},
): Promise<CampaignResult> {
  const queue = [...recipients]
  const offset = options.clockOffset ?? 0
  const now = () => Date.now() + offset
  const result: CampaignResult = { sent: 0, throttled: 0 }
  const sender = async () => {
    for (let streak = 0; queue.length > 0 && result.waitUntil === undefined; ) {
      const want = Math.min(50, queue.length)
      const lease = await leaseSendTokens(
        {
          account: target.keys.accountId,
          region: REGION,
          want,
          share: SHARE,
          deadline: now() + 30_000,
          readQuota: target.readQuota,
        },
        { now },
      )
      if (lease.waitUntil !== undefined) {
        if (options.stopAtQuota) result.waitUntil = lease.waitUntil
        else await sleep(Math.max(0, lease.waitUntil - now()))
        continue
      }
      await sleep(Math.max(0, lease.notBefore - now()))
      if (lease.granted === 0) continue
      const batch = queue.splice(0, lease.granted)
      if (batch.length === 0) continue
      const answer = await target.ses.send(
        new SendBulkEmailCommand({
          FromEmailAddress: target.sender,
          DefaultContent: {
            Template: {
              TemplateContent: { Subject: 'News', Text: 'Hello {{name}}' },
              TemplateData: '{"name":"you"}',
            },
          },
          DefaultEmailTags: [{ Name: 'campaign', Value: name }],
          BulkEmailEntries: batch.map((to) => ({ Destination: { ToAddresses: [to] } })),
        }),
      )
      const results = answer.BulkEmailEntryResults ?? []
      const again = batch.filter((_, index) => results[index]?.Status !== 'SUCCESS')
      result.sent += batch.length - again.length
      result.throttled += results.filter((entry) => entry.Status === 'ACCOUNT_THROTTLED').length
      queue.unshift(...again)
      if (again.length > 0) {
        streak++
        await holdSends(target.keys.accountId, REGION, Date.now() + Math.min(5000, 250 * 2 ** streak))
      } else streak = 0
    }
  }
  await Promise.all(Array.from({ length: SENDERS }, sender))
  return result
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const addresses = (name: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${name}-${index}@example.com`)

/** The most recipients accepted in any one-second window [t, t + 1000). */
function busiestSecond(messages: AcceptedMessage[]): number {
  const sorted = [...messages].sort((a, b) => a.at - b.at)
  let best = 0
  let sum = 0
  let start = 0
  for (const message of sorted) {
    sum += message.recipients.length
    while ((sorted[start]?.at ?? 0) <= message.at - 1000) sum -= sorted[start++]?.recipients.length ?? 0
    best = Math.max(best, sum)
  }
  return best
}

/** Recipients per second from the first accept to the last (the first batch goes at once, so it is left out). */
function achievedRate(messages: AcceptedMessage[]): number {
  const sorted = [...messages].sort((a, b) => a.at - b.at)
  const first = sorted[0]
  const last = sorted.at(-1)
  if (!first || !last || last.at === first.at) return 0
  const firstBatch = sorted.filter((message) => message.at === first.at).length
  return (sorted.length - firstBatch) / ((last.at - first.at) / 1000)
}

const row = (label: string, value: string) => console.log(`${label.padEnd(52)}${value.padStart(14)}`)

async function rateScenario(config: LocalStackConfig, maxSendRate: number): Promise<boolean> {
  const target = await account(config, maxSendRate, 1_000_000)
  const since = Date.now()
  const result = await runCampaign(target, `rate${maxSendRate}`, addresses(`r${maxSendRate}`, RECIPIENTS))
  const accepted = await localSesAccepted(config, { accountId: target.keys.accountId, since })
  const rate = achievedRate(accepted)
  const busiest = busiestSecond(accepted)
  const attempts = result.sent + result.throttled
  console.log(
    `\nMaxSendRate ${maxSendRate}/s, share ${SHARE * 100}%, ${RECIPIENTS} recipients, ${SENDERS} senders\n`,
  )
  row('recipients accepted by SES', String(accepted.length))
  row('achieved rate', `${rate.toFixed(2)}/s`)
  row(
    `ratio to the share (${(maxSendRate * SHARE).toFixed(1)}/s; goal ≥ 0.95)`,
    (rate / (maxSendRate * SHARE)).toFixed(3),
  )
  row(`busiest one-second window (limit ${maxSendRate})`, String(busiest))
  row(
    'throttled destinations (goal < 1%)',
    `${((100 * result.throttled) / Math.max(1, attempts)).toFixed(2)}%`,
  )
  return (
    accepted.length === RECIPIENTS &&
    rate / (maxSendRate * SHARE) >= 0.95 &&
    busiest <= maxSendRate &&
    result.throttled / Math.max(1, attempts) < 0.01
  )
}

async function sharedScenario(config: LocalStackConfig): Promise<boolean> {
  const maxSendRate = 50
  const target = await account(config, maxSendRate, 1_000_000)
  const since = Date.now()
  const half = Math.floor(RECIPIENTS / 2)
  await Promise.all([
    runCampaign(target, 'first', addresses('first', half)),
    runCampaign(target, 'second', addresses('second', half)),
  ])
  const accepted = await localSesAccepted(config, { accountId: target.keys.accountId, since })
  const rate = achievedRate(accepted)
  const busiest = busiestSecond(accepted)
  const firstAccepted = accepted.filter((message) => message.tags.campaign === 'first').length
  console.log(`\nTwo campaigns on one account (MaxSendRate ${maxSendRate}/s), ${half} recipients each\n`)
  row('accepted: first / second', `${firstAccepted} / ${accepted.length - firstAccepted}`)
  row('together: achieved rate', `${rate.toFixed(2)}/s`)
  row(`together: ratio to the share (${maxSendRate * SHARE}/s)`, (rate / (maxSendRate * SHARE)).toFixed(3))
  row(`busiest one-second window (limit ${maxSendRate})`, String(busiest))
  return accepted.length === 2 * half && busiest <= maxSendRate && rate <= maxSendRate * SHARE * 1.05
}

async function dailyQuotaScenario(config: LocalStackConfig): Promise<boolean> {
  const quota = Math.max(50, Math.floor(RECIPIENTS / 4))
  const target = await account(config, 50, quota)
  const recipients = addresses('daily', Math.floor(quota * 1.6))
  const since = Date.now()
  const first = await runCampaign(target, 'daily', recipients, { stopAtQuota: true })
  const before = await localSesAccepted(config, { accountId: target.keys.accountId, since })
  const waitUntil = first.waitUntil ?? 0
  // The next window: SES's rolling count has room again (its day's sends left the window) and the clock is there.
  await updateLocalSesAccount(config, target.keys.accountId, { region: REGION, resetSends: true })
  const reached = new Set(before.flatMap((message) => message.recipients))
  const rest = recipients.filter((to) => !reached.has(to))
  const second = await runCampaign(target, 'daily', rest, {
    clockOffset: Math.max(0, waitUntil - Date.now()),
  })
  const after = await localSesAccepted(config, { accountId: target.keys.accountId, since })
  console.log(`\nA campaign of ${recipients.length} with a daily quota of ${quota}\n`)
  row('accepted before the quota stopped it', String(before.length))
  row('waits until (hours from now)', ((waitUntil - Date.now()) / 3_600_000).toFixed(2))
  row('accepted in the next window', String(second.sent))
  row(
    'accepted in all (each recipient once)',
    `${after.length} / ${new Set(after.flatMap((m) => m.recipients)).size}`,
  )
  return before.length === quota && waitUntil > Date.now() && after.length === recipients.length
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const dataDir = scratchDir('ses-studio-bench-pacing-')
  const stack = await startLocalStack({ dataDir, ports: FREE_PORTS, logLevel: 'warn' })
  try {
    const outcomes = [
      await rateScenario(stack.config, 14),
      await rateScenario(stack.config, 50),
      await sharedScenario(stack.config),
      await dailyQuotaScenario(stack.config),
    ]
    console.log(`\n${outcomes.every(Boolean) ? 'every goal met' : 'GOAL MISSED'}: ${outcomes.join(', ')}`)
    if (!outcomes.every(Boolean)) process.exitCode = 1
  } finally {
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
