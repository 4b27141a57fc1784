/**
 * `npm run bench` (campaign crash harness): the crash harness of `functions/test/campaign-crash-harness.int.test.ts`
 * at `BENCH_CRASH_RECIPIENTS` (default 10,000) with `BENCH_CRASH_PAUSES` (default 20) pauses and resumes at seeded
 * points (`BENCH_CRASH_SEED`), driven by the same `CampaignQueues` (testing/campaign-harness.ts): worker crashes at
 * every step, 5 % handler errors, 10 % SQS redeliveries, an account-level SES error mid-send, contacts leaving
 * before and during the send, the answers of two accept-then-lose batches never confirmed by a SEND event (their
 * recipients end UNCONFIRMED and are retried deliberately). SES's SEND events are routed by the `contact` tag of
 * each accepted message, as the event route does. Ground truth is the local SES's accept log: every eligible
 * recipient accepted exactly once (a deliberate retry after a lost answer may add one copy, flagged `retried`),
 * every skipped one never. Prints the duration, crashes per point, handler errors, redeliveries and duplicates;
 * exits non-zero when an invariant breaks.
 */
import { rmSync } from 'node:fs'
import { changeSubscriptions } from '@app/core/audience/public'
import { getRecipients } from '@app/core/campaigns/sending/ledger.repo'
import {
  pauseSending,
  recordSesOutcome,
  resumeSending,
  retryUnconfirmed,
  sendingState,
} from '@app/core/campaigns/sending/public'
import { getBatch, getRun } from '@app/core/campaigns/sending/runs.repo'
import { startLocalStack } from '../src/index'
import { FREE_PORTS } from '../src/ports'
import { CampaignQueues, CRASH_POINTS, seeded } from '../src/testing/campaign-harness'
import {
  clearLocalAwsFaults,
  injectLocalAwsFault,
  localSesAccepted,
  setLocalAwsThrottle,
} from '../src/testing/local-aws'
import { scratchDir } from '../src/testing/scratch-dir'
import { campaignAccount, row, startCampaign, topicOf } from './campaign-setup'

const RECIPIENTS = Math.max(100, Number(process.env.BENCH_CRASH_RECIPIENTS ?? 10_000))
const PAUSES = Math.max(0, Number(process.env.BENCH_CRASH_PAUSES ?? 20))
const SEED = Number(process.env.BENCH_CRASH_SEED ?? 20261125)
const TIMEOUT_MS = Number(process.env.BENCH_CRASH_TIMEOUT_S ?? 3_600) * 1000
/**
 * The harness's short leases, longer than the test's (2.5 s): a batch must be marked before its lease nears its
 * end, and on a busy machine the test's timing hands most batches back before they are sent (the harness works
 * dispatch before sends in each round). `BENCH_CRASH_LEASE_MS` sets it.
 */
const LEASE_MS = Number(process.env.BENCH_CRASH_LEASE_MS ?? 10_000)
const timing = {
  leaseMs: LEASE_MS,
  unconfirmedAfterMs: LEASE_MS,
  sendWindowMs: LEASE_MS / 2,
  sendMarginMs: LEASE_MS / 5,
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  // The workers' EMF lines (one per batch) would bury the figures.
  process.env.POWERTOOLS_METRICS_DISABLED ??= 'true'
  const dataDir = scratchDir('ses-studio-bench-crash-')
  console.log('Starting the local stack…')
  const stack = await startLocalStack({ dataDir, ports: FREE_PORTS, logLevel: 'error' }).catch(
    (error: unknown) => {
      rmSync(dataDir, { recursive: true, force: true })
      throw error
    },
  )
  const config = stack.config
  const random = seeded(SEED)
  const pendingDrops: { shard: number; batchId: string }[] = []
  const queues = new CampaignQueues({
    random,
    crashRate: 0.03,
    errorRate: 0.05,
    redeliveryRate: 0.1,
    onCrashAfterAccept: (batch) => pendingDrops.push(batch),
  })
  const failures: string[] = []
  const check = (ok: boolean, what: string) => {
    if (!ok) failures.push(what)
  }
  try {
    const account = await campaignAccount(config, { maxSendRate: 1000, max24HourSend: 1_000_000 })
    const { orgId } = account
    await setLocalAwsThrottle(config, { accountId: account.keys.accountId, enabled: false })
    await queues.open(`bench-crash-${account.keys.accountId}`)
    console.log(`Writing ${RECIPIENTS + 10} contacts…`)
    const { topicId, contactOf } = await topicOf(account, `crash-${account.keys.accountId}`, RECIPIENTS + 10)
    const emails = [...contactOf.keys()]
    const leave = async (list: string[], source: 'manual' | 'one-click') => {
      for (const email of list)
        await changeSubscriptions(orgId, contactOf.get(email) as string, { unsubscribeAll: true }, { source })
    }
    // Ten contacts leave before the send: never in the ledger.
    const leftBefore = emails.slice(RECIPIENTS)
    await leave(leftBefore, 'manual')

    const started = Date.now()
    const campaignId = await startCampaign(account, topicId)
    while ((await getRun(orgId, campaignId))?.materialising) await queues.tick(timing)
    const materialisedIn = (Date.now() - started) / 1000
    // Twenty recipients unsubscribe before their turn: skipped, never mailed.
    const leftDuring = emails.slice(1, 21)
    await leave(leftDuring, 'one-click')

    // Between 8 % and 84 % of the recipients (the test: 40–420 of 500), so the last pause comes before the end.
    const pauseAt = Array.from({ length: PAUSES }, () =>
      Math.floor(RECIPIENTS * (0.08 + random() * 0.76)),
    ).sort((a, b) => a - b)
    const faultAt = Math.floor(RECIPIENTS / 2)
    let faultArmed = false
    let accountPause: string | undefined
    let pauses = 0
    let pausedTicks = 0
    let ticks = 0
    let retriedUnconfirmed = 0
    let droppedBatches = 0
    const droppedEvents = new Set<string>()
    const routed = new Set<string>()
    let acceptedCount = 0
    let lastProgress = Date.now()
    const deadline = Date.now() + TIMEOUT_MS
    for (;;) {
      if (Date.now() > deadline)
        throw new Error(`not finished: ${JSON.stringify(await sendingState(orgId, campaignId))}`)
      await queues.tick(timing)
      ticks++
      // SES events: a SEND per accepted message, routed by its tags — except for the first two batches whose
      // answer was lost (their SEND events never come: they end UNCONFIRMED, for a deliberate retry).
      for (let batch = pendingDrops.shift(); batch; batch = pendingDrops.shift()) {
        if (droppedBatches >= 2) continue
        droppedBatches++
        const stored = await getBatch(orgId, campaignId, batch.shard, batch.batchId)
        for (const id of stored?.contactIds ?? []) droppedEvents.add(id)
      }
      const accepted = await localSesAccepted(config, { tag: ['campaign', campaignId] })
      acceptedCount = accepted.length
      for (const message of accepted) {
        const contactId = message.tags.contact ?? ''
        if (routed.has(message.messageId) || droppedEvents.has(contactId)) continue
        routed.add(message.messageId)
        await recordSesOutcome({
          orgId,
          campaignId,
          contactId,
          sesMessageId: message.messageId,
          type: 'SEND',
          at: new Date().toISOString(),
        })
      }
      if (Date.now() - lastProgress > 10_000) {
        lastProgress = Date.now()
        console.log(
          `  ${acceptedCount} accepted, ${pauses} pauses, ${((Date.now() - started) / 1000).toFixed(0)} s`,
        )
      }
      const run = await getRun(orgId, campaignId)
      if (!run) throw new Error('no run')
      if (!faultArmed && acceptedCount >= faultAt) {
        faultArmed = true
        await injectLocalAwsFault(config, {
          accountId: account.keys.accountId,
          service: 'ses',
          operation: 'SendBulkEmail',
          error: 'SendingPausedException',
          message: 'Sending paused for this account.',
          status: 400,
          count: 1_000,
        })
      }
      if (run.status === 'PAUSED' && run.pauseReason?.code.startsWith('ses.')) {
        accountPause = run.pauseReason.code
        await clearLocalAwsFaults(config, account.keys.accountId)
        await resumeSending(orgId, campaignId)
        continue
      }
      if (run.status === 'PAUSED' && ++pausedTicks >= 2) {
        pausedTicks = 0
        await resumeSending(orgId, campaignId)
      } else if (
        run.status === 'SENDING' &&
        pauses < pauseAt.length &&
        acceptedCount >= (pauseAt[pauses] ?? 0)
      ) {
        if (await pauseSending(orgId, campaignId)) pauses++
      }
      if (run.status === 'SENT') {
        if ((await sendingState(orgId, campaignId))?.counts.unconfirmed === 0) break
        retriedUnconfirmed += await retryUnconfirmed(orgId, campaignId)
      }
    }
    const seconds = (Date.now() - started) / 1000

    // Ground truth: the local SES's accept log.
    const times = new Map<string, number>()
    for (const message of await localSesAccepted(config, { tag: ['campaign', campaignId] }))
      for (const to of message.recipients) times.set(to, (times.get(to) ?? 0) + 1)
    const skipped = new Set([...leftBefore, ...leftDuring])
    const eligible = emails.filter((email) => !skipped.has(email))
    const ledger = await getRecipients(
      orgId,
      campaignId,
      eligible.map((email) => contactOf.get(email) as string),
    )
    const missed = eligible.filter((email) => (times.get(email) ?? 0) === 0)
    const duplicates = eligible.filter((email) => (times.get(email) ?? 0) > 1)
    const unflagged = duplicates.filter((email) => !ledger[eligible.indexOf(email)]?.retried)
    const overTwice = eligible.filter((email) => (times.get(email) ?? 0) > 2)
    const skippedMailed = [...skipped].filter((email) => (times.get(email) ?? 0) > 0)
    const state = await sendingState(orgId, campaignId)
    check(missed.length === 0, `${missed.length} eligible recipients never accepted (${missed.slice(0, 3)})`)
    check(overTwice.length === 0, `${overTwice.length} recipients accepted more than twice`)
    check(unflagged.length === 0, `${unflagged.length} duplicates not flagged as retried`)
    check(
      duplicates.length <= droppedEvents.size,
      `${duplicates.length} duplicates for ${droppedEvents.size} lost answers`,
    )
    check(skippedMailed.length === 0, `${skippedMailed.length} skipped recipients were mailed`)
    check(
      ledger.every((record) => record?.status === 'SENT'),
      'not every eligible ledger item is SENT',
    )
    check(state?.status === 'SENT', `the run ended ${state?.status}`)
    check(
      state?.counts.sent === eligible.length && state.counts.skipped === leftDuring.length,
      `counts ${JSON.stringify(state?.counts)}`,
    )
    check(pauses === PAUSES, `${pauses} of ${PAUSES} pauses`)
    check(accountPause === 'ses.sending_paused', `the account error paused with ${accountPause}`)
    for (const point of CRASH_POINTS) check((queues.crashes.get(point) ?? 0) > 0, `no crash at ${point}`)

    console.log(
      `\nThe crash harness at ${RECIPIENTS.toLocaleString('en')} recipients (seed ${SEED}, leases of ${LEASE_MS / 1000} s)\n`,
    )
    row('duration (start → SENT, nothing unconfirmed)', `${seconds.toFixed(1)} s`)
    row('  of which materialising the ledger', `${materialisedIn.toFixed(1)} s`)
    row('harness rounds', String(ticks))
    row('pauses and resumes (seeded) / account-level pause', `${pauses} / ${accountPause ?? 'none'}`)
    for (const point of CRASH_POINTS) row(`crashes at ${point}`, String(queues.crashes.get(point) ?? 0))
    row('handler errors / SQS redeliveries', `${queues.handlerErrors} / ${queues.redeliveries}`)
    row('answers lost, never confirmed (recipients)', `${droppedBatches} batches (${droppedEvents.size})`)
    row('recipients retried deliberately (retry unconfirmed)', String(retriedUnconfirmed))
    row(
      'eligible / accepted once / missed',
      `${eligible.length} / ${eligible.length - missed.length - duplicates.length} / ${missed.length}`,
    )
    row(
      'duplicates (all flagged `retried`)',
      `${duplicates.length} (${duplicates.length - unflagged.length} flagged)`,
    )
    row('skipped (left during the send) / mailed', `${leftDuring.length} / ${skippedMailed.length}`)
    console.log(
      `\n${failures.length === 0 ? 'every invariant held' : `INVARIANT BROKEN:\n  ${failures.join('\n  ')}`}`,
    )
    if (failures.length > 0) process.exitCode = 1
  } finally {
    await queues.close()
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
