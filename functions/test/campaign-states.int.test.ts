import { SEND_STARTUP_SECONDS } from '@app/contracts'
import { startScheduledCampaign } from '@app/core/campaigns/public'
import { SHARDS } from '@app/core/campaigns/sending/ledger.repo'
import { getRun } from '@app/core/campaigns/sending/runs.repo'
import { ledgerShardPk } from '@app/core/db/keys'
import { queryPartition } from '@app/core/db/query'
import {
  grantProductionAccess,
  updateLocalSesAccount,
  verifyLocalIdentity,
} from '@app/local-stack/testing/local-aws'
import { describe, expect, it } from 'vitest'
import { createContact } from './audience-helpers'
import { act, campaignOrg, createCampaign, readyCampaign } from './campaign-helpers'
import { createTemplate, html } from './ses-sync-helpers'
import { stack, uniqueEmail, waitForMail } from './stack'

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()

describe('campaign state changes', () => {
  it('refuses what a draft does not allow, and what the pre-flight refuses', {
    timeout: 90_000,
  }, async () => {
    const setup = await campaignOrg()
    const incomplete = await createCampaign(setup, { name: 'Empty' })
    for (const action of ['pause', 'resume', 'cancel', 'retryFailed', 'retryUnconfirmed']) {
      const refused = await act(setup, incomplete.id, action)
      expect(refused.status, action).toBe(409)
      expect(refused.body.error.code).toBe('campaigns.invalid_transition')
    }
    const noTime = await act(setup, incomplete.id, 'schedule')
    expect(noTime.status).toBe(400)
    expect(noTime.body.error.code).toBe('campaigns.schedule_invalid')
    const sendEmpty = await act(setup, incomplete.id, 'send')
    expect(sendEmpty.status).toBe(409)
    expect(sendEmpty.body.error).toMatchObject({
      code: 'campaigns.preflight_refused',
      message: expect.stringContaining('Choose a sender, a template, at least one topic.'),
    })

    // A template whose only unsubscribe link is hidden, and that lacks the postal address.
    const { campaign } = await readyCampaign(setup, 'Hidden link', 1)
    const hidden = await createTemplate(setup.owner, setup.orgId, `Hidden-${Date.now()}`, {
      source: html('<p>Hi</p><div style="display:none"><a href="{{unsubscribeUrl}}">Unsubscribe</a></div>'),
    })
    await setup.owner.api.patch(`/api/campaigns/${campaign.id}?${setup.oq}`, { templateId: hidden.id })
    const preflight = await setup.owner.api.get(`/api/campaigns/${campaign.id}/preflight?${setup.oq}`)
    expect(preflight.status, JSON.stringify(preflight.body)).toBe(200)
    expect(preflight.body.refusals.map((refusal: { code: string }) => refusal.code)).toEqual([
      'unsubscribe_link',
      'postal_address',
    ])
    const refused = await act(setup, campaign.id, 'send')
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('campaigns.preflight_refused')
    const read = await setup.owner.api.get(`/api/campaigns/${campaign.id}?${setup.oq}`)
    expect(read.body).toMatchObject({ status: 'DRAFT', pinnedVersion: null, startedAt: null })
  })

  it('schedules, unschedules, cancels; a due schedule starts the send', async () => {
    const setup = await campaignOrg()
    const { campaign } = await readyCampaign(setup, 'Scheduled', 1)
    const url = `/api/campaigns/${campaign.id}?${setup.oq}`
    await setup.owner.api.patch(url, { schedule: { at: inAnHour(), timeZone: 'America/New_York' } })
    const scheduled = await act(setup, campaign.id, 'schedule')
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)
    expect(scheduled.body.status).toBe('SCHEDULED')
    expect((await act(setup, campaign.id, 'schedule')).status).toBe(409)
    const listed = await setup.owner.api.get(`/api/campaigns?${setup.oq}&status=SCHEDULED`)
    expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual([campaign.id])

    const past = await setup.owner.api.patch(url, {
      schedule: { at: '2020-01-01T00:00:00Z', timeZone: 'UTC' },
    })
    expect(past.status).toBe(400)
    expect(past.body.error.code).toBe('campaigns.schedule_invalid')
    const unscheduled = await setup.owner.api.patch(url, { schedule: null })
    expect(unscheduled.body).toMatchObject({ status: 'DRAFT', schedule: null })

    const at = inAnHour()
    await setup.owner.api.patch(url, { schedule: { at, timeZone: 'UTC' } })
    expect((await act(setup, campaign.id, 'schedule')).body.status).toBe('SCHEDULED')
    expect(await startScheduledCampaign(setup.orgId, campaign.id)).toBe('not_due')
    expect(await startScheduledCampaign(setup.orgId, campaign.id, new Date(Date.parse(at) + 1000))).toBe(
      'started',
    )
    const started = await setup.owner.api.get(url)
    expect(started.body).toMatchObject({ pinnedVersion: 1 })
    // One recipient: the send may already be over.
    expect(['SENDING', 'SENT']).toContain(started.body.status)
    expect(await startScheduledCampaign(setup.orgId, campaign.id, new Date(Date.parse(at) + 2000))).toBe(
      'not_scheduled',
    )

    const other = await readyCampaign(setup, 'Called off', 1)
    const otherUrl = `/api/campaigns/${other.campaign.id}?${setup.oq}`
    await setup.owner.api.patch(otherUrl, { schedule: { at: inAnHour(), timeZone: 'UTC' } })
    await act(setup, other.campaign.id, 'schedule')
    const cancelled = await act(setup, other.campaign.id, 'cancel')
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED' })
    for (const action of ['send', 'schedule', 'resume', 'cancel']) {
      expect((await act(setup, other.campaign.id, action)).status, action).toBe(409)
    }
    expect((await setup.owner.api.patch(otherUrl, { name: 'Again' })).body.error.code).toBe(
      'campaigns.invalid_transition',
    )
    expect((await setup.owner.api.delete(otherUrl)).status).toBe(204)
  })

  it('sends now with the pinned version, pauses, resumes, cancels; a send under way is not edited or deleted', async () => {
    const setup = await campaignOrg()
    const { campaign } = await readyCampaign(setup, 'Now', 2)
    const url = `/api/campaigns/${campaign.id}?${setup.oq}`
    // Nothing left of today's quota: the send waits, SENDING, until we act.
    await updateLocalSesAccount(stack, setup.keys.accountId, { max24HourSend: 0 })
    const sent = await act(setup, campaign.id, 'send')
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body).toMatchObject({ status: 'SENDING', pinnedVersion: 1, pauseReason: null })
    expect(sent.body.startedAt).toEqual(expect.any(String))
    expect((await setup.owner.api.patch(url, { name: 'Renamed' })).body.error.code).toBe(
      'campaigns.invalid_transition',
    )
    const busy = await setup.owner.api.delete(url)
    expect(busy.status).toBe(409)
    expect(busy.body.error.code).toBe('campaigns.in_progress')
    const paused = await act(setup, campaign.id, 'pause')
    expect(paused.status, JSON.stringify(paused.body)).toBe(200)
    expect(paused.body).toMatchObject({ status: 'PAUSED', pauseReason: { code: 'paused_by_user' } })
    expect((await act(setup, campaign.id, 'pause')).status).toBe(409)
    expect((await setup.owner.api.get(`/api/campaigns?${setup.oq}&status=PAUSED`)).body.items).toHaveLength(1)
    expect((await setup.owner.api.delete(url)).status).toBe(409)
    const resumed = await act(setup, campaign.id, 'resume')
    expect(resumed.body).toMatchObject({ status: 'SENDING', pauseReason: null })
    const cancelled = await act(setup, campaign.id, 'cancel')
    expect(cancelled.body.status).toBe('CANCELLED')
    expect(
      (await setup.owner.api.get(`/api/campaigns?${setup.oq}&status=CANCELLED`)).body.items,
    ).toHaveLength(1)
    expect((await setup.owner.api.delete(url)).status).toBe(204)
  })
})

/** Polls the campaign until `done` says so (deadline 60 s). */
async function waitForCampaign(
  setup: Awaited<ReturnType<typeof campaignOrg>>,
  id: string,
  done: (campaign: { status: string; counts: Record<string, number> }) => boolean,
) {
  const until = Date.now() + 60_000
  for (;;) {
    const read = await setup.owner.api.get(`/api/campaigns/${id}?${setup.oq}`)
    if (done(read.body)) return read.body
    if (Date.now() > until) throw new Error(`campaign ${id} stuck: ${JSON.stringify(read.body)}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('a send to its end', () => {
  it('sends to every recipient, shows them in the per-recipient table, and has nothing to retry', {
    timeout: 120_000,
  }, async () => {
    const setup = await campaignOrg()
    await grantProductionAccess(stack, setup.keys.accountId, 'us-east-1')
    const { campaign, emails } = await readyCampaign(setup, 'To the end', 2)
    // The second reader has no first name: filled, not skipped.
    await setup.owner.api.patch(`/api/campaigns/${campaign.id}?${setup.oq}`, {
      missingVariables: { mode: 'default', values: { firstName: 'friend' } },
    })
    expect((await act(setup, campaign.id, 'send')).status).toBe(200)
    const finished = await waitForCampaign(setup, campaign.id, (read) => read.status === 'SENT')
    expect(finished.counts).toMatchObject({ total: 2, sent: 2, failed: 0, skipped: 0, pending: 0 })
    expect(finished.finishedAt).toEqual(expect.any(String))
    const rows = await setup.owner.api.get(`/api/campaigns/${campaign.id}/recipients?${setup.oq}&status=SENT`)
    expect(rows.status, JSON.stringify(rows.body)).toBe(200)
    expect(rows.body.items.map((row: { email: string }) => row.email).sort()).toEqual([...emails].sort())
    for (const row of rows.body.items) expect(row.messageId).toEqual(expect.any(String))
    expect((await setup.owner.api.get(`/api/campaigns?${setup.oq}&status=SENT`)).body.items).toHaveLength(1)
    for (const action of ['retryFailed', 'retryUnconfirmed']) {
      const nothing = await act(setup, campaign.id, action)
      expect(nothing.status, action).toBe(409)
      expect(nothing.body.error.code).toBe('campaigns.invalid_transition')
    }
    for (const action of ['pause', 'resume', 'cancel', 'send']) {
      expect((await act(setup, campaign.id, action)).status, action).toBe(409)
    }
    expect(await leftOf(setup.orgId, campaign.id)).toMatchObject({ run: true })
    expect((await setup.owner.api.delete(`/api/campaigns/${campaign.id}?${setup.oq}`)).status).toBe(204)
    // The run and its ledger (recipients, counters, batches) are removed in the background.
    const until = Date.now() + 60_000
    while (JSON.stringify(await leftOf(setup.orgId, campaign.id)) !== '{"run":false,"ledgerItems":0}') {
      if (Date.now() > until)
        throw new Error(`left behind: ${JSON.stringify(await leftOf(setup.orgId, campaign.id))}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  })
})

/** What of a campaign's send is stored: its run, and how many items its ledger's shard partitions hold. */
async function leftOf(orgId: string, campaignId: string) {
  let ledgerItems = 0
  for (const shard of SHARDS)
    ledgerItems += (await queryPartition(ledgerShardPk(orgId, campaignId, shard), { attributes: ['SK'] }))
      .items.length
  return { run: (await getRun(orgId, campaignId)) !== undefined, ledgerItems }
}

describe('pre-flight and test send', () => {
  it('counts contacts subscribed by the topic’s default as the send does: estimate, topic card and ledger agree', async () => {
    const setup = await campaignOrg()
    const { campaign, topic } = await readyCampaign(setup, 'Defaults', 2)
    const changed = await setup.owner.api.patch(`/api/topics/${topic.id}?${setup.oq}`, {
      defaultSubscriptionStatus: 'OPT_IN',
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    // One contact never chose (the default subscribes them), one opted out.
    await createContact(setup.owner, setup.orgId, { email: uniqueEmail('no-choice') })
    await createContact(setup.owner, setup.orgId, {
      email: uniqueEmail('opted-out'),
      topicPreferences: [{ topicId: topic.id, status: 'OPT_OUT' }],
    })
    const checked = await setup.owner.api.get(`/api/campaigns/${campaign.id}/preflight?${setup.oq}`)
    expect(checked.status, JSON.stringify(checked.body)).toBe(200)
    expect(checked.body.recipients).toEqual({ count: 3, checked: 3, partial: false })
    const card = await setup.owner.api.get(`/api/topics/${topic.id}?${setup.oq}`)
    expect(card.body.counts.subscribed).toBe(3)
  }, 60_000)

  it('counts recipients, finds missing variables, warns in the sandbox and estimates the duration', async () => {
    const setup = await campaignOrg()
    const { campaign, emails } = await readyCampaign(setup, 'Checked', 3)
    const url = `/api/campaigns/${campaign.id}/preflight?${setup.oq}`
    const checked = await setup.owner.api.get(url)
    expect(checked.status, JSON.stringify(checked.body)).toBe(200)
    expect(checked.body).toMatchObject({
      campaignId: campaign.id,
      recipients: { count: 3, checked: 3, partial: false },
      missingVariables: [{ name: 'firstName', count: 1, sample: [emails[1]] }],
      skippedForMissing: 1,
      refusals: [],
      sandbox: true,
      suppressionSyncedAt: null,
      estimate: { share: 0.8 },
    })
    expect(checked.body.variables).toEqual(expect.arrayContaining(['firstName', 'unsubscribeUrl']))
    expect(checked.body.warnings.map((warning: { code: string }) => warning.code)).toEqual([
      'sandbox',
      'suppression_stale',
    ])
    const { estimate } = checked.body
    expect(estimate.ratePerSecond).toBeCloseTo(estimate.maxSendRate * 0.8)
    // From confirm: the engine's start-up, then the limiter's rate (not "under a minute" from the start).
    expect(estimate.seconds).toBe(Math.ceil(SEND_STARTUP_SECONDS + 3 / estimate.ratePerSecond))
    expect(estimate.todayAllows).toBe(estimate.max24HourSend - estimate.sentLast24Hours)
    // The account's own share is what the estimate paces by.
    const shared = await setup.owner.api.patch(`/api/aws-accounts/${setup.awsAccountId}?${setup.oq}`, {
      sendSharePercent: 100,
    })
    expect(shared.status, JSON.stringify(shared.body)).toBe(200)
    const full = (await setup.owner.api.get(url)).body.estimate
    expect(full).toMatchObject({ share: 1, ratePerSecond: estimate.maxSendRate })

    await setup.owner.api.patch(`/api/campaigns/${campaign.id}?${setup.oq}`, {
      missingVariables: { mode: 'default', values: { firstName: 'friend' } },
    })
    await grantProductionAccess(stack, setup.keys.accountId, 'us-east-1')
    const again = await setup.owner.api.get(url)
    expect(again.body).toMatchObject({ skippedForMissing: 0, sandbox: false })
    expect(again.body.missingVariables[0]).toMatchObject({ name: 'firstName', count: 1 })
    expect(again.body.warnings.map((warning: { code: string }) => warning.code)).toEqual([
      'suppression_stale',
    ])
  })

  it('sends a test to a few addresses rendered with a real contact, the HTML escaping its data', async () => {
    const setup = await campaignOrg()
    const { campaign, topic } = await readyCampaign(setup, 'Tested', 0)
    const contact = await createContact(setup.owner, setup.orgId, {
      email: uniqueEmail('markup'),
      firstName: '<a href="https://evil.test">Bob</a>',
      topicPreferences: [{ topicId: topic.id, status: 'OPT_IN' }],
    })
    const to = [uniqueEmail('tester-a'), uniqueEmail('tester-b')]
    for (const address of to) {
      await verifyLocalIdentity(stack, {
        accountId: setup.keys.accountId,
        region: 'us-east-1',
        identity: address,
      })
    }
    const since = Math.floor(Date.now() / 1000)
    const sent = await setup.owner.api.post(`/api/campaigns/${campaign.id}/test-send?${setup.oq}`, {
      addresses: to,
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    expect(sent.body.contact).toEqual({ id: contact.id, email: contact.email })
    expect(sent.body.messages.map((message: { to: string }) => message.to)).toEqual(to)
    for (const address of to) {
      const mail = await waitForMail(stack, { to: address, subjectIncludes: '[Test]', since })
      expect(mail.from).toContain(setup.fromEmail)
      expect(mail.subject).toContain('Hello <a href="https://evil.test">Bob</a>')
      expect(mail.html).toContain('Hi &lt;a href&#61;&quot;https://evil.test&quot;&gt;Bob&lt;/a&gt;')
      expect(mail.html).not.toContain('<a href="https://evil.test">')
    }
    const unknown = await setup.owner.api.post(`/api/campaigns/${campaign.id}/test-send?${setup.oq}`, {
      addresses: to,
      contactId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('contact.not_found')
  })
})
