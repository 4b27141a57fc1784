/**
 * THE proof of the sending engine: a campaign to 500 recipients on a local AWS account with a high MaxSendRate,
 * with worker crashes at every step, handler errors, SQS redeliveries, 10 pauses and resumes and an account-level
 * error mid-send. Ground truth is what the local SES accepted (its mailbox): every eligible recipient exactly once
 * (a deliberate "retry unconfirmed" after a lost answer may add one copy, and it is flagged), every skipped one
 * never.
 */
import { changeSubscriptions, upsertContacts } from '@app/core/audience/public'
import { getRecipients } from '@app/core/campaigns/sending/ledger.repo'
import {
  listRecipients,
  pauseSending,
  recordSesOutcome,
  resumeSending,
  retryUnconfirmed,
  sendingState,
  startSending,
} from '@app/core/campaigns/sending/public'
import { getBatch, getRun } from '@app/core/campaigns/sending/runs.repo'
import { CampaignQueues, CRASH_POINTS, seeded } from '@app/local-stack/testing/campaign-harness'
import {
  clearLocalAwsFaults,
  grantProductionAccess,
  injectLocalAwsFault,
  setLocalAwsThrottle,
  updateLocalSesAccount,
  verifyLocalIdentity,
} from '@app/local-stack/testing/local-aws'
import { listMail } from '@app/local-stack/testing/mailbox'
import { ulid } from 'ulid'
import { afterAll, describe, expect, it } from 'vitest'
import { createTopic } from './audience-helpers'
import { orgWithAccount } from './ses-sync-helpers'
import { stack } from './stack'

const RECIPIENTS = 500
const timing = { leaseMs: 2_500, unconfirmedAfterMs: 2_000, sendWindowMs: 2_000, sendMarginMs: 1_000 }
const random = seeded(20261125)
const droppedEvents = new Set<string>()
const queues = new CampaignQueues({
  random,
  crashRate: 0.03,
  errorRate: 0.05,
  redeliveryRate: 0.1,
  onCrashAfterAccept: (batch) => pendingDrops.push(batch),
})
const pendingDrops: { shard: number; batchId: string }[] = []
afterAll(() => queues.close())

describe('the campaign crash harness', () => {
  it('sends every eligible recipient exactly once through crashes, redeliveries, pauses and an account error', async () => {
    const started = Date.now() / 1000 - 1
    const setup = await orgWithAccount()
    const { orgId, keys } = setup
    await setLocalAwsThrottle(stack, { accountId: keys.accountId, enabled: false })
    await grantProductionAccess(stack, keys.accountId)
    await updateLocalSesAccount(stack, keys.accountId, { maxSendRate: 1000, max24HourSend: 100_000 })
    await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: 'news@example.com' })
    await queues.open(`harness-${ulid().toLowerCase()}`)

    const topic = await createTopic(setup.owner, orgId, {
      name: 'News',
      defaultSubscriptionStatus: 'OPT_OUT',
    })
    const tag = ulid().toLowerCase()
    const rows = Array.from({ length: RECIPIENTS + 10 }, (_, index) => ({
      email: `r${index}-${tag}@example.com`,
      firstName: index === 0 ? '<a href="https://evil.example/">Eve</a>' : `Reader ${index}`,
    }))
    const results = await upsertContacts(orgId, rows, {
      existing: 'skip',
      topicIds: [topic.id],
      origin: { source: 'import' },
    })
    const contactOf = new Map(results.map((result) => [result.email, result.contactId as string]))
    // Ten contacts leave before the send: never in the ledger.
    const leftBefore = rows.slice(RECIPIENTS).map((row) => row.email)
    for (const email of leftBefore)
      await changeSubscriptions(
        orgId,
        contactOf.get(email) as string,
        { unsubscribeAll: true },
        { source: 'manual' },
      )

    const campaignId = ulid()
    await startSending(orgId, {
      id: campaignId,
      orgId,
      awsAccountId: setup.awsAccountId,
      fromEmail: 'news@example.com',
      fromName: 'The "News" team',
      replyTo: null,
      topicIds: [topic.id],
      missingVariables: { mode: 'skip' },
      content: {
        templateId: ulid(),
        version: 1,
        subject: 'News for {{firstName}}',
        html: '<p>Hello {{firstName}}</p><p>1 Main St</p><a href="{{unsubscribeUrl}}">Unsubscribe</a>',
        text: 'Hello {{firstName}}\n{{unsubscribeUrl}}',
      },
    })

    // Until the ledger is written, then 20 recipients unsubscribe before their turn.
    while ((await getRun(orgId, campaignId))?.materialising) await queues.tick(timing)
    const leftDuring = rows.slice(1, 21).map((row) => row.email)
    for (const email of leftDuring)
      await changeSubscriptions(
        orgId,
        contactOf.get(email) as string,
        { unsubscribeAll: true },
        { source: 'one-click' },
      )

    const pauseAt = Array.from({ length: 10 }, () => Math.floor(40 + random() * 380)).sort((a, b) => a - b)
    const faultAt = 250
    let faultArmed = false
    let accountPause: { code: string } | null = null
    let pauses = 0
    let pausedTicks = 0
    const routed = new Set<string>()
    let droppedBatches = 0
    const deadline = Date.now() + 150_000
    for (;;) {
      if (Date.now() > deadline)
        throw new Error(
          `not finished: ${JSON.stringify({ state: await sendingState(orgId, campaignId), run: await getRun(orgId, campaignId), pending: await listRecipients(orgId, campaignId, { status: 'PENDING', limit: 3 }), trace: queues.trace })}`,
        )
      await queues.tick(timing)
      // SES events: a SEND per accepted message, routed by its tags — except for the first two batches whose
      // answer was lost (their SEND events never come: they end UNCONFIRMED, for a deliberate retry).
      for (let batch = pendingDrops.shift(); batch; batch = pendingDrops.shift()) {
        if (droppedBatches >= 2) continue
        droppedBatches++
        const stored = await getBatch(orgId, campaignId, batch.shard, batch.batchId)
        for (const id of stored?.contactIds ?? []) droppedEvents.add(id)
      }
      const mail = (await listMail(stack, started)).filter((item) =>
        item.to[0]?.endsWith(`-${tag}@example.com`),
      )
      for (const item of mail) {
        const contactId = contactOf.get(item.to[0] as string) as string
        if (routed.has(item.messageId) || droppedEvents.has(contactId)) continue
        routed.add(item.messageId)
        await recordSesOutcome({
          orgId,
          campaignId,
          contactId,
          sesMessageId: item.messageId,
          type: 'SEND',
          at: new Date().toISOString(),
        })
      }
      const run = await getRun(orgId, campaignId)
      if (!run) throw new Error('no run')
      if (!faultArmed && mail.length >= faultAt) {
        faultArmed = true
        await injectLocalAwsFault(stack, {
          accountId: keys.accountId,
          service: 'ses',
          operation: 'SendBulkEmail',
          error: 'SendingPausedException',
          message: 'Sending paused for this account.',
          status: 400,
          // As SES: paused until the owner acts (a worker dying after the answer must not lose the pause).
          count: 1_000,
        })
      }
      if (run.status === 'PAUSED' && run.pauseReason?.code.startsWith('ses.')) {
        accountPause = run.pauseReason
        await clearLocalAwsFaults(stack, keys.accountId)
        expect(await resumeSending(orgId, campaignId)).toBe(true)
        continue
      }
      if (run.status === 'PAUSED' && ++pausedTicks >= 2) {
        pausedTicks = 0
        await resumeSending(orgId, campaignId)
      } else if (
        run.status === 'SENDING' &&
        pauses < pauseAt.length &&
        mail.length >= (pauseAt[pauses] ?? 0)
      ) {
        if (await pauseSending(orgId, campaignId)) pauses++
      }
      if (run.status === 'SENT') {
        if ((await sendingState(orgId, campaignId))?.counts.unconfirmed === 0) break
        expect(await retryUnconfirmed(orgId, campaignId)).toBeGreaterThan(0)
      }
    }

    // Ground truth: the local SES's accepted messages.
    const accepted = new Map<string, number>()
    for (const item of await listMail(stack, started))
      if (item.to[0]?.endsWith(`-${tag}@example.com`))
        accepted.set(item.to[0], (accepted.get(item.to[0]) ?? 0) + 1)
    const skipped = new Set([...leftBefore, ...leftDuring])
    const eligible = rows.map((row) => row.email).filter((email) => !skipped.has(email))
    const ledger = await getRecipients(
      orgId,
      campaignId,
      eligible.map((email) => contactOf.get(email) as string),
    )
    const duplicates = eligible.filter((email) => (accepted.get(email) ?? 0) > 1)
    for (const email of eligible) expect(accepted.get(email) ?? 0, email).toBeGreaterThanOrEqual(1)
    for (const email of eligible) expect(accepted.get(email) ?? 0, email).toBeLessThanOrEqual(2)
    for (const email of duplicates) expect(ledger[eligible.indexOf(email)]?.retried, email).toBe(true)
    for (const email of skipped) expect(accepted.get(email) ?? 0, email).toBe(0)
    expect(duplicates.length).toBeLessThanOrEqual(droppedEvents.size)
    expect(ledger.every((record) => record?.status === 'SENT')).toBe(true)

    const state = await sendingState(orgId, campaignId)
    expect(state?.status).toBe('SENT')
    expect(state?.counts).toMatchObject({
      total: RECIPIENTS,
      sent: eligible.length,
      skipped: leftDuring.length,
      pending: 0,
      claimed: 0,
      unknown: 0,
      failed: 0,
    })
    const skippedRows = await listRecipients(orgId, campaignId, { status: 'SKIPPED', limit: 50 })
    expect(skippedRows.items.map((row) => row.email).sort()).toEqual([...leftDuring].sort())
    expect(skippedRows.items[0]?.reason?.code).toBe('contact.unsubscribed')

    expect(pauses).toBe(10)
    expect(accountPause?.code).toBe('ses.sending_paused')
    for (const point of CRASH_POINTS) expect(queues.crashes.get(point) ?? 0, point).toBeGreaterThan(0)
    expect(queues.handlerErrors).toBeGreaterThan(0)
    expect(queues.redeliveries).toBeGreaterThan(0)
    // Markup in a first name reached the HTML part escaped, the subject raw.
    const first = (await listMail(stack, started)).find((item) => item.to[0] === rows[0]?.email)
    expect(first?.subject).toBe('News for <a href="https://evil.example/">Eve</a>')
    expect(first?.html).toContain('Hello &lt;a href&#61;&quot;https://evil.example/&quot;&gt;Eve&lt;/a&gt;')
  }, 240_000)
})
