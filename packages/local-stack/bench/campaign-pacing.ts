/**
 * `npm run bench` (campaign pacing): campaigns sent by the whole sending engine — `startSending` for a topic of
 * contacts written through `upsertContacts`, the ledger materialised and dispatched by the stack's own
 * `campaign-dispatch` worker, sent by `campaign-send` workers (the stack's SQS poller and more beside it, as
 * Lambda runs them side by side) through the shared limiter to the local SES — judged by what the local SES
 * accepted (its accept log: each message's accept time and recipients) and answered (its send-call log):
 * (a) at MaxSendRate 14/s and 50/s over `BENCH_PACING_RECIPIENTS` (default 2,000): the steady rate (10th to 90th
 *     percentile recipient) as a ratio to the campaigns' share (80 %; goal ≥ 0.95), the busiest one-second window
 *     against MaxSendRate (never above), throttled calls (goal < 1 %), each recipient accepted exactly once;
 * (b) two campaigns on one account at once: together within the share, each a fair part while both send;
 * (c) a campaign larger than the daily quota left: it stops at the quota (the run says `waitingUntil`), then this
 *     process's clock is moved to that time (the local SES's rolling 24 hours and the limiter read it; SQS's timers
 *     keep real time) and the run goes on by itself;
 * (d) sustained rate as a ratio to MaxSendRate from 50/s up (doubling to `BENCH_PACING_MAX_RATE`, default 1,600,
 *     about `BENCH_PACING_SUSTAIN_SECONDS` of sending each, default 30) until it drops, with the CPU each process
 *     used, to say what bounds it.
 * `BENCH_PACING_SEND_WORKERS` (default 10) send invocations at once. `BENCH_SEND_SHARE` (0.1–1, default 0.8) is
 * the campaigns' share set on each bench account (its `sendSharePercent`): at 1.0, (a) asks ≥ 0.95 of MaxSendRate
 * itself and never above it in any second.
 */
import { rmSync } from 'node:fs'
import { sendingState } from '@app/core/campaigns/sending/public'
import { enqueueDispatch } from '@app/core/campaigns/sending/queue'
import { getRun } from '@app/core/campaigns/sending/runs.repo'
import { DEFAULT_SEND_SHARE } from '@app/core/jobs/send-limiter'
import type { LocalStackConfig } from '../src/config'
import { startLocalStack } from '../src/index'
import type { AcceptedMessage } from '../src/local-aws/ses/accept-log'
import { FREE_PORTS } from '../src/ports'
import { localSesAccepted, localSesSendCalls } from '../src/testing/local-aws'
import { scratchDir } from '../src/testing/scratch-dir'
import {
  busiestSecond,
  campaignAccount,
  cpuSeconds,
  row,
  startCampaign,
  steadyRate,
  topicOf,
  waitForRun,
} from './campaign-setup'
import { installMovableClock, moveClock, sendWorkers } from './campaign-workers'

const RECIPIENTS = Math.max(50, Number(process.env.BENCH_PACING_RECIPIENTS ?? 2000))
const WORKERS = Math.max(1, Number(process.env.BENCH_PACING_SEND_WORKERS ?? 10))
const SUSTAIN_SECONDS = Math.max(5, Number(process.env.BENCH_PACING_SUSTAIN_SECONDS ?? 30))
const MAX_RATE = Math.max(50, Number(process.env.BENCH_PACING_MAX_RATE ?? 1600))
const SHARE = Number(process.env.BENCH_SEND_SHARE ?? DEFAULT_SEND_SHARE)
const SHARE_PERCENT = Math.round(SHARE * 100)
if (!(SHARE >= 0.1 && SHARE <= 1) || Math.abs(SHARE * 100 - SHARE_PERCENT) > 1e-9)
  throw new RangeError(
    `BENCH_SEND_SHARE must be from 0.1 to 1 in whole percents, got ${process.env.BENCH_SEND_SHARE}`,
  )

interface Sent {
  accepted: AcceptedMessage[]
  perCampaign: AcceptedMessage[][]
  calls: { destinations: number; throttled: number }[]
  seconds: number
  cpu: Map<string, number>
  /** Every recipient accepted exactly once. */
  exactlyOnce: boolean
  runs: { orgId: string; campaignId: string }[]
}

/** Campaigns of `sizes` recipients on one new account, started together; waits until every run is SENT. */
async function send(
  config: LocalStackConfig,
  limits: { maxSendRate: number; max24HourSend: number },
  sizes: number[],
  during?: (runs: { orgId: string; campaignId: string }[]) => Promise<void>,
): Promise<Sent> {
  const account = await campaignAccount(config, limits, SHARE_PERCENT)
  const topics = []
  for (const [index, size] of sizes.entries())
    topics.push(await topicOf(account, `c${index}-${account.keys.accountId}`, size))
  const since = Date.now()
  const cpuBefore = cpuSeconds()
  const started = performance.now()
  const campaignIds = await Promise.all(topics.map((topic) => startCampaign(account, topic.topicId)))
  const runs = campaignIds.map((campaignId) => ({ orgId: account.orgId, campaignId }))
  await during?.(runs)
  const total = sizes.reduce((sum, size) => sum + size, 0)
  const timeoutMs = 180_000 + (3_000 * total) / (limits.maxSendRate * SHARE)
  for (const run of runs)
    await waitForRun(run.orgId, run.campaignId, (record) => record.status === 'SENT', { timeoutMs })
  const seconds = (performance.now() - started) / 1000
  const cpuAfter = cpuSeconds()
  const cpu = new Map([...cpuAfter].map(([name, used]) => [name, used - (cpuBefore.get(name) ?? 0)]))
  const accepted = await localSesAccepted(config, { accountId: account.keys.accountId, since })
  const calls = await localSesSendCalls(config, { accountId: account.keys.accountId, since })
  const recipients = accepted.flatMap((message) => message.recipients)
  return {
    accepted,
    perCampaign: campaignIds.map((id) => accepted.filter((message) => message.tags.campaign === id)),
    calls,
    seconds,
    cpu,
    exactlyOnce: recipients.length === total && new Set(recipients).size === total,
    runs,
  }
}

const throttledShare = (calls: Sent['calls']) =>
  calls.filter((call) => call.throttled > 0).length / Math.max(1, calls.length)
const percent = (value: number) => `${(100 * value).toFixed(2)} %`

function printCpu(sent: Sent): void {
  for (const [name, used] of [...sent.cpu].sort((a, b) => b[1] - a[1]).slice(0, 4))
    row(`  CPU: ${name}`, `${used.toFixed(1)} s (${percent(used / sent.seconds)})`)
}

/** With `BENCH_PACING_TIMELINE=1`: recipients accepted in each second of the run. */
function printTimeline(accepted: AcceptedMessage[]): void {
  if (process.env.BENCH_PACING_TIMELINE !== '1' || accepted.length === 0) return
  const first = Math.min(...accepted.map((message) => message.at))
  const seconds: number[] = []
  for (const message of accepted) {
    const second = Math.floor((message.at - first) / 1000)
    seconds[second] = (seconds[second] ?? 0) + message.recipients.length
  }
  console.log(`  per second: ${Array.from(seconds, (count) => count ?? 0).join(' ')}`)
}

async function rateScenario(config: LocalStackConfig, maxSendRate: number): Promise<boolean> {
  const sent = await send(config, { maxSendRate, max24HourSend: 1_000_000 }, [RECIPIENTS])
  const rate = steadyRate(sent.accepted)
  const busiest = busiestSecond(sent.accepted)
  const throttled = throttledShare(sent.calls)
  console.log(`\n(a) MaxSendRate ${maxSendRate}/s, share ${SHARE_PERCENT} %, ${RECIPIENTS} recipients\n`)
  row('recipients accepted (each exactly once)', `${sent.accepted.length} (${sent.exactlyOnce})`)
  row('start → SENT', `${sent.seconds.toFixed(1)} s`)
  row('steady rate (10th → 90th percentile recipient)', `${rate.toFixed(2)}/s`)
  row(
    `ratio to the share (${(maxSendRate * SHARE).toFixed(1)}/s; goal ≥ 0.95)`,
    (rate / (maxSendRate * SHARE)).toFixed(3),
  )
  row(`busiest one-second window (limit ${maxSendRate})`, String(busiest))
  row('SendBulkEmail calls / throttled calls (goal < 1 %)', `${sent.calls.length} / ${percent(throttled)}`)
  printCpu(sent)
  printTimeline(sent.accepted)
  return (
    sent.exactlyOnce && rate / (maxSendRate * SHARE) >= 0.95 && busiest <= maxSendRate && throttled < 0.01
  )
}

async function sharedScenario(config: LocalStackConfig): Promise<boolean> {
  const maxSendRate = 50
  const half = Math.floor(RECIPIENTS / 2)
  const sent = await send(config, { maxSendRate, max24HourSend: 1_000_000 }, [half, half])
  const [first = [], second = []] = sent.perCampaign
  const span = (messages: AcceptedMessage[]) => [
    Math.min(...messages.map((message) => message.at)),
    Math.max(...messages.map((message) => message.at)),
  ]
  const [firstFrom = 0, firstTo = 0] = span(first)
  const [secondFrom = 0, secondTo = 0] = span(second)
  const from = Math.max(firstFrom, secondFrom)
  const to = Math.min(firstTo, secondTo)
  const within = (messages: AcceptedMessage[]) =>
    messages.filter((message) => message.at >= from && message.at <= to).length
  const [a, b] = [within(first), within(second)]
  const together = to > from ? (a + b) / ((to - from) / 1000) : 0
  const fairness = Math.min(a, b) / Math.max(1, a + b)
  const busiest = busiestSecond(sent.accepted)
  const throttled = throttledShare(sent.calls)
  console.log(`\n(b) Two campaigns on one account (MaxSendRate ${maxSendRate}/s), ${half} recipients each\n`)
  row(
    'accepted: first / second (each exactly once)',
    `${first.length} / ${second.length} (${sent.exactlyOnce})`,
  )
  row('while both sent: seconds', ((to - from) / 1000).toFixed(1))
  row('while both sent: first / second', `${a} / ${b}`)
  row('smaller part of the accepts (fair: ≥ 35 %)', percent(fairness))
  row(
    `together: rate / the share (${maxSendRate * SHARE}/s; within: ≤ 1.05)`,
    (together / (maxSendRate * SHARE)).toFixed(3),
  )
  row(`busiest one-second window (limit ${maxSendRate})`, String(busiest))
  row('throttled calls (goal < 1 %)', percent(throttled))
  return (
    sent.exactlyOnce &&
    fairness >= 0.35 &&
    together <= maxSendRate * SHARE * 1.05 &&
    busiest <= maxSendRate &&
    throttled < 0.01
  )
}

async function dailyQuotaScenario(config: LocalStackConfig): Promise<boolean> {
  const quota = Math.max(100, Math.floor(RECIPIENTS / 4))
  const size = Math.floor(quota * 1.5)
  let stop: { at: number; waitingUntil: number; accepted: number; movedAt: number } | undefined
  let counts = ''
  const sent = await send(config, { maxSendRate: 50, max24HourSend: quota }, [size], async ([run]) => {
    if (!run) return
    const waiting = await waitForRun(run.orgId, run.campaignId, (record) => record.waitingUntil !== null, {
      timeoutMs: 120_000 + (3_000 * quota) / (50 * SHARE),
      everyMs: 50,
    })
    const waitingUntil = Date.parse(waiting.waitingUntil ?? '')
    const at = Date.now()
    // What the limiter granted before the quota ran out is still being sent: let it land first.
    const acceptedNow = async () =>
      (await localSesAccepted(config, { tag: ['campaign', run.campaignId] })).reduce(
        (sum, message) => sum + message.recipients.length,
        0,
      )
    for (const until = Date.now() + 10_000; (await acceptedNow()) < quota && Date.now() < until; )
      await new Promise((resolve) => setTimeout(resolve, 50))
    await new Promise((resolve) => setTimeout(resolve, 500))
    const accepted = await acceptedNow()
    // The next window: this process's clock (the limiter's, the engine's, the local SES's) moves to it.
    moveClock(waitingUntil - Date.now() + 1_000)
    // SQS's delays keep real time: the dispatch step parked until then (≤ 15 min) is delivered now, as its timer
    // would fire within 15 minutes of the window opening (a step that was not parked runs once: seq decides).
    const current = await getRun(run.orgId, run.campaignId)
    if (current)
      await enqueueDispatch({
        orgId: run.orgId,
        campaignId: run.campaignId,
        generation: current.generation,
        seq: current.dispatchSeq,
      })
    stop = { at, waitingUntil, accepted, movedAt: Date.now() }
  })
  const state = await sendingState(sent.runs[0]?.orgId ?? '', sent.runs[0]?.campaignId ?? '')
  counts = JSON.stringify(state?.counts ?? {})
  const after = sent.accepted.filter((message) => stop && message.at >= stop.movedAt)
  const resumedAt = Math.min(...after.map((message) => message.at))
  console.log(`\n(c) A campaign of ${size} recipients, a daily quota of ${quota} (MaxSendRate 50/s)\n`)
  row('accepted before it stopped (the quota)', String(stop?.accepted ?? 0))
  row(
    'the run waits until (hours after the stop)',
    stop ? ((stop.waitingUntil - stop.at) / 3_600_000).toFixed(2) : '–',
  )
  row(
    'clock moved there; first accept after (s, real time)',
    stop && after.length > 0 ? ((resumedAt - stop.movedAt) / 1000).toFixed(1) : '–',
  )
  row('accepted in the next window', String(after.length))
  row('accepted in all (each exactly once)', `${sent.accepted.length} (${sent.exactlyOnce})`)
  console.log(`  ledger at the end: ${counts}`)
  return stop !== undefined && stop.accepted === quota && stop.waitingUntil > stop.at && sent.exactlyOnce
}

async function sustainedScenario(config: LocalStackConfig): Promise<boolean> {
  console.log(
    `\n(d) Sustained rate, about ${SUSTAIN_SECONDS} s of sending a step, ${WORKERS} send invocations at once\n`,
  )
  console.log(
    `${'MaxSendRate'.padEnd(12)}${'recipients'.padStart(11)}${'steady/s'.padStart(10)}${'/ MaxSendRate'.padStart(15)}${'/ share'.padStart(9)}${'busiest 1 s'.padStart(13)}${'throttled'.padStart(11)}   CPU (s: bench / DynamoDB Local / other)`,
  )
  let at50 = 0
  let best = 0
  for (let maxSendRate = 50; maxSendRate <= MAX_RATE; maxSendRate *= 2) {
    const size = Math.max(300, Math.round(maxSendRate * SHARE * SUSTAIN_SECONDS))
    const sent = await send(config, { maxSendRate, max24HourSend: 100_000_000 }, [size])
    const rate = steadyRate(sent.accepted)
    const ofShare = rate / (maxSendRate * SHARE)
    if (maxSendRate === 50) at50 = ofShare
    if (ofShare >= 0.95) best = maxSendRate
    const bench = [...sent.cpu].find(([name]) => name.startsWith('bench'))?.[1] ?? 0
    const dynamo = sent.cpu.get('DynamoDB Local') ?? 0
    const other = [...sent.cpu.values()].reduce((sum, used) => sum + used, 0) - bench - dynamo
    console.log(
      `${`${maxSendRate}/s`.padEnd(12)}${String(size).padStart(11)}${rate.toFixed(1).padStart(10)}${(rate / maxSendRate).toFixed(3).padStart(15)}${ofShare.toFixed(3).padStart(9)}${String(busiestSecond(sent.accepted)).padStart(13)}${percent(throttledShare(sent.calls)).padStart(11)}   ${bench.toFixed(0)} / ${dynamo.toFixed(0)} / ${other.toFixed(0)} of ${sent.seconds.toFixed(0)} s wall`,
    )
    if (ofShare < 0.9) break
  }
  console.log(`\nhighest MaxSendRate sustained at ≥ 0.95 of the share: ${best ? `${best}/s` : 'none'}`)
  return at50 >= 0.95
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  // The workers' EMF lines (one per batch) would bury the figures.
  process.env.POWERTOOLS_METRICS_DISABLED ??= 'true'
  installMovableClock()
  const dataDir = scratchDir('ses-studio-bench-pacing-')
  console.log('Starting the local stack…')
  const stack = await startLocalStack({ dataDir, ports: FREE_PORTS, logLevel: 'warn' }).catch(
    (error: unknown) => {
      rmSync(dataDir, { recursive: true, force: true })
      throw error
    },
  )
  const workers = sendWorkers(stack.config, WORKERS)
  const only = process.env.BENCH_PACING_ONLY?.split(',')
  const scenarios: [string, () => Promise<boolean>][] = [
    ['a14', () => rateScenario(stack.config, 14)],
    ['a50', () => rateScenario(stack.config, 50)],
    ['b', () => sharedScenario(stack.config)],
    ['c', () => dailyQuotaScenario(stack.config)],
    ['d', () => sustainedScenario(stack.config)],
  ]
  try {
    const outcomes: string[] = []
    for (const [name, scenario] of scenarios)
      if (!only || only.includes(name)) outcomes.push(`${name} ${(await scenario()) ? 'met' : 'MISSED'}`)
    const met = outcomes.every((outcome) => outcome.endsWith('met'))
    console.log(`\n${met ? 'every goal met' : 'GOAL MISSED'}: ${outcomes.join(', ')}`)
    if (!met) process.exitCode = 1
  } finally {
    await workers.stop()
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
