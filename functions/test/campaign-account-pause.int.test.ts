/**
 * An account-level SES error pauses the run even when the worker that heard it dies before pausing: the answer is
 * stored first, and the redelivered send message pauses the run from it. Nothing is lost or sent twice after the
 * resume.
 */
import { upsertContacts } from '@app/core/audience/public'
import { getRecipients } from '@app/core/campaigns/sending/ledger.repo'
import { resumeSending, sendingState, startSending } from '@app/core/campaigns/sending/public'
import { getRun } from '@app/core/campaigns/sending/runs.repo'
import { CampaignQueues, seeded } from '@app/local-stack/testing/campaign-harness'
import {
  grantProductionAccess,
  injectLocalAwsFault,
  localSesAccepted,
  updateLocalSesAccount,
  verifyLocalIdentity,
} from '@app/local-stack/testing/local-aws'
import { ulid } from 'ulid'
import { afterAll, describe, expect, it } from 'vitest'
import { createTopic } from './audience-helpers'
import { orgWithAccount } from './ses-sync-helpers'
import { stack } from './stack'

const timing = { leaseMs: 2_500, unconfirmedAfterMs: 2_000, sendWindowMs: 2_000, sendMarginMs: 1_000 }
let crashedAfterAnswer = false
const queues = new CampaignQueues({
  random: seeded(7),
  crashRate: 0,
  errorRate: 0,
  redeliveryRate: 0,
  // The first worker to record SES's answer dies before it can act on it.
  crashWhen: (point) => {
    if (point !== 'answered' || crashedAfterAnswer) return false
    crashedAfterAnswer = true
    return true
  },
})
afterAll(() => queues.close())

describe('an account-level SES error', () => {
  it('pauses the run from the stored answer when the worker died after hearing it', {
    timeout: 90_000,
  }, async () => {
    const since = Date.now()
    const setup = await orgWithAccount()
    const { orgId, keys } = setup
    await grantProductionAccess(stack, keys.accountId)
    await updateLocalSesAccount(stack, keys.accountId, { maxSendRate: 10 })
    await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: 'news@example.com' })
    await queues.open(`account-pause-${ulid().toLowerCase()}`)
    const topic = await createTopic(setup.owner, orgId, {
      name: 'News',
      defaultSubscriptionStatus: 'OPT_OUT',
    })
    const tag = ulid().toLowerCase()
    const rows = Array.from({ length: 60 }, (_, index) => ({ email: `a${index}-${tag}@example.com` }))
    const contacts = await upsertContacts(orgId, rows, {
      existing: 'skip',
      topicIds: [topic.id],
      origin: { source: 'import' },
    })
    // SES refuses the first call for the whole account.
    await injectLocalAwsFault(stack, {
      accountId: keys.accountId,
      service: 'ses',
      operation: 'SendBulkEmail',
      error: 'SendingPausedException',
      message: 'Sending paused for this account.',
      status: 400,
    })
    const campaignId = ulid()
    await startSending(orgId, {
      id: campaignId,
      orgId,
      awsAccountId: setup.awsAccountId,
      fromEmail: 'news@example.com',
      fromName: null,
      replyTo: null,
      topicIds: [topic.id],
      missingVariables: { mode: 'skip' },
      content: { templateId: ulid(), version: 1, subject: 'News', html: '<p>News</p>', text: 'News' },
    })

    const until = Date.now() + 60_000
    while ((await getRun(orgId, campaignId))?.status !== 'PAUSED') {
      if (Date.now() > until)
        throw new Error(`never paused: ${JSON.stringify(await getRun(orgId, campaignId))}`)
      await queues.tick(timing)
    }
    expect(crashedAfterAnswer).toBe(true)
    expect((await getRun(orgId, campaignId))?.pauseReason).toMatchObject({
      code: 'ses.sending_paused',
      message: 'Sending paused for this account.',
    })
    // The refused recipients went back to PENDING (SES's answer said nothing was sent), none unconfirmed.
    const counts = (await sendingState(orgId, campaignId))?.counts
    expect(counts).toMatchObject({ unknown: 0, failed: 0 })
    expect(counts?.sent).toBeLessThan(rows.length)

    expect(await resumeSending(orgId, campaignId)).toBe(true)
    while ((await getRun(orgId, campaignId))?.status !== 'SENT') {
      if (Date.now() > until)
        throw new Error(
          `never finished: ${JSON.stringify({ state: await sendingState(orgId, campaignId), trace: queues.trace })}`,
        )
      await queues.tick(timing)
    }
    const accepted = (await localSesAccepted(stack, { accountId: keys.accountId, since })).flatMap(
      (message) => message.recipients,
    )
    expect(accepted.sort()).toEqual(rows.map((row) => row.email).sort())
    const ledger = await getRecipients(
      orgId,
      campaignId,
      contacts.map((contact) => contact.contactId as string),
    )
    expect(ledger.every((record) => record?.status === 'SENT')).toBe(true)
  })
})
