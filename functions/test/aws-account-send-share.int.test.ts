/**
 * The campaigns' share of an AWS account's MaxSendRate: a setting of the account (10–100 %, default 80 %), changed
 * through the API by those who manage AWS accounts, and taken by the shared send limiter at the next lease of a
 * campaign that is already sending.
 */
import { upsertContacts } from '@app/core/audience/public'
import { getConnection } from '@app/core/aws-accounts/public'
import { limiterShare } from '@app/core/campaigns/sending/pace'
import { sendingState, startSending } from '@app/core/campaigns/sending/public'
import { getRun } from '@app/core/campaigns/sending/runs.repo'
import { CampaignQueues, type CrashPoint, seeded } from '@app/local-stack/testing/campaign-harness'
import {
  grantProductionAccess,
  localSesAccepted,
  updateLocalSesAccount,
  verifyLocalIdentity,
} from '@app/local-stack/testing/local-aws'
import { ulid } from 'ulid'
import { afterAll, describe, expect, it } from 'vitest'
import { createTopic } from './audience-helpers'
import { addMember } from './seed'
import { orgWithAccount } from './ses-sync-helpers'
import { newUser, stack } from './stack'

const shareOf = async (owner: Awaited<ReturnType<typeof newUser>>, orgId: string, id: string) =>
  (await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)).body.items.find(
    (item: { id: string }) => item.id === id,
  )?.sendSharePercent

describe('the campaigns’ share of an AWS account', () => {
  it('is 80 % by default, changed by PATCH, and refused out of 10–100 naming the field', async () => {
    const { owner, orgId, awsAccountId } = await orgWithAccount()
    const url = `/api/aws-accounts/${awsAccountId}?organizationId=${orgId}`
    expect(await shareOf(owner, orgId, awsAccountId)).toBe(80)
    const changed = await owner.api.patch(url, { sendSharePercent: 100 })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body).toMatchObject({ sendSharePercent: 100, awsAccountVerified: true })
    for (const value of [5, 9, 101, '80', 80.5, null, true]) {
      const refused = await owner.api.patch(url, { sendSharePercent: value })
      expect(refused.status, JSON.stringify(value)).toBe(400)
      expect(refused.body.error.code).toBe('request.invalid')
      expect(refused.body.error.message, JSON.stringify(value)).toContain('sendSharePercent')
    }
    // Nothing to change is refused too, saying what to send.
    const empty = await owner.api.patch(url, {})
    expect(empty.status).toBe(400)
    expect(empty.body.error.code).toBe('request.invalid')
    expect(await shareOf(owner, orgId, awsAccountId)).toBe(100)
  })

  it('is changed only by those who manage the organization’s AWS accounts', async () => {
    const { owner, orgId, awsAccountId } = await orgWithAccount()
    const member = await newUser()
    await addMember(orgId, member.sub, 'MEMBER')
    const asMember = await member.api.patch(`/api/aws-accounts/${awsAccountId}?organizationId=${orgId}`, {
      sendSharePercent: 100,
    })
    expect(asMember.status).toBe(403)
    // Another organization's owner, naming the account or their own organization, gets nowhere.
    const other = await orgWithAccount()
    const asOther = await other.owner.api.patch(`/api/aws-accounts/${awsAccountId}`, {
      sendSharePercent: 100,
    })
    expect([403, 404]).toContain(asOther.status)
    const viaOwnOrg = await other.owner.api.patch(
      `/api/aws-accounts/${awsAccountId}?organizationId=${other.orgId}`,
      { sendSharePercent: 100 },
    )
    expect([403, 404]).toContain(viaOwnOrg.status)
    expect(await shareOf(owner, orgId, awsAccountId)).toBe(80)
  })
})

// Claims last long enough for what was claimed at 80 % to be sent at 30 % (in production a claim lasts 10 minutes
// and holds 10 seconds of sending: even 100 % → 10 % leaves it ample time).
const timing = { leaseMs: 30_000, unconfirmedAfterMs: 2_000, sendWindowMs: 2_000, sendMarginMs: 1_000 }
// The harness crashes a worker once at each point; not after the dispatch's claim, which would leave the first
// claim to expire (leaseMs) before anything is sent: that recovery is campaign-crash-harness.int's to prove.
const crashed = new Set<CrashPoint>()
const queues = new CampaignQueues({
  random: seeded(28),
  crashRate: 0,
  errorRate: 0,
  redeliveryRate: 0,
  crashWhen: (point) => point !== 'dispatch.claimed' && !crashed.has(point) && Boolean(crashed.add(point)),
})
afterAll(() => queues.close())

describe('a share changed while a campaign sends', () => {
  it('paces the running campaign’s next leases at the new share', { timeout: 120_000 }, async () => {
    const since = Date.now()
    const setup = await orgWithAccount()
    const { orgId, keys, owner, awsAccountId } = setup
    await grantProductionAccess(stack, keys.accountId)
    await updateLocalSesAccount(stack, keys.accountId, { maxSendRate: 10 })
    await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: 'news@example.com' })
    await queues.open(`send-share-${ulid().toLowerCase()}`)
    const topic = await createTopic(owner, orgId, { name: 'News', defaultSubscriptionStatus: 'OPT_OUT' })
    const tag = ulid().toLowerCase()
    const rows = Array.from({ length: 60 }, (_, index) => ({ email: `s${index}-${tag}@example.com` }))
    await upsertContacts(orgId, rows, {
      existing: 'skip',
      topicIds: [topic.id],
      origin: { source: 'import' },
    })
    const campaignId = ulid()
    await startSending(orgId, {
      id: campaignId,
      orgId,
      awsAccountId,
      fromEmail: 'news@example.com',
      fromName: null,
      replyTo: null,
      topicIds: [topic.id],
      missingVariables: { mode: 'skip' },
      content: { templateId: ulid(), version: 1, subject: 'News', html: '<p>News</p>', text: 'News' },
    })
    const connection = async () => {
      const found = await getConnection(orgId, awsAccountId)
      if (!found) throw new Error('the connection is gone')
      return found
    }
    const sent = async () => (await sendingState(orgId, campaignId))?.counts.sent ?? 0
    const until = Date.now() + 100_000
    const tickUntil = async (done: () => Promise<boolean>) => {
      while (!(await done())) {
        if (Date.now() > until)
          throw new Error(`stuck: ${JSON.stringify(await sendingState(orgId, campaignId))}`)
        await queues.tick(timing)
      }
    }

    await tickUntil(async () => (await sent()) > 0)
    expect(await limiterShare(await connection())).toBe(0.8)

    const changed = await owner.api.patch(`/api/aws-accounts/${awsAccountId}?organizationId=${orgId}`, {
      sendSharePercent: 30,
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    const before = await sent()
    expect(before).toBeLessThan(rows.length)
    expect((await getRun(orgId, campaignId))?.status).toBe('SENDING')
    // The same run, not restarted: its next lease is paced at 30 % of MaxSendRate (a broken setting never gets
    // there, and the wait fails), while recipients are still left to send.
    await tickUntil(async () => (await limiterShare(await connection())) === 0.3)
    expect((await getRun(orgId, campaignId))?.status).toBe('SENDING')
    expect(await sent()).toBeLessThan(rows.length)
    await tickUntil(async () => (await getRun(orgId, campaignId))?.status === 'SENT')
    const accepted = (await localSesAccepted(stack, { accountId: keys.accountId, since })).flatMap(
      (message) => message.recipients,
    )
    // Nobody twice, and every recipient accounted for (the harness's 2-second unconfirmed rule may leave one or
    // two of the slower 30 % batches unconfirmed: in production that rule waits far longer than a lease).
    expect(new Set(accepted).size).toBe(accepted.length)
    const counts = (await sendingState(orgId, campaignId))?.counts
    expect((counts?.sent ?? 0) + (counts?.unconfirmed ?? 0)).toBe(rows.length)
  })
})
