/**
 * The events other domains consume (notifications, the audit log, webhooks): written in the transaction of the
 * change they report, once per fact, with what their subscribers need.
 */

import { startScheduledCampaign } from '@app/core/campaigns/public'
import { describe, expect, it } from 'vitest'
import { ownerWithOrganization, subscribe } from './billing-flow'
import { act, campaignOrg, readyCampaign } from './campaign-helpers'
import { eventItemsOf, eventsOf } from './outbox-helpers'
import { createTemplate, orgWithAccount, waitForJob } from './ses-sync-helpers'

describe('domain events', () => {
  it('reports template.published once per published version, and job.finished once per job', async () => {
    const { owner, orgId, awsAccountId, q } = await orgWithAccount()
    const template = await createTemplate(owner, orgId, 'events_welcome')

    const publish = async () => {
      const started = await owner.api.patch(`/api/ses?${q}`, { templateIds: [template.id] })
      expect(started.status, JSON.stringify(started.body)).toBe(202)
      const job = await waitForJob(owner, orgId, started.body.id)
      expect(job.status).toBe('succeeded')
      return job.id as string
    }
    const firstJob = await publish()
    expect(await eventsOf(orgId, 'template.published')).toEqual([
      {
        templateId: template.id,
        version: template.version,
        sesName: 'events_welcome',
        awsAccountId,
        region: 'us-east-1',
        jobId: firstJob,
      },
    ])

    // The same version again: SES already holds it, nothing new is live, nothing is reported.
    const secondJob = await publish()
    expect(await eventsOf(orgId, 'template.published')).toHaveLength(1)
    // Made by the member who started the publish, about their organization.
    const [published] = await eventItemsOf(orgId, 'template.published')
    expect(published).toMatchObject({
      organizationId: orgId,
      actor: { type: 'user', accountId: owner.sub, email: owner.email },
    })

    const finished = await eventsOf(orgId, 'job.finished')
    expect(finished).toHaveLength(2)
    expect(finished.find((payload) => payload.jobId === secondJob)).toEqual({
      jobId: secondJob,
      kind: 'ses.publish',
      status: 'succeeded',
      counts: { total: 1, done: 1, succeeded: 1, failed: 0 },
      createdBy: owner.sub,
    })
  })

  it('carries who sent, scheduled and cancelled a campaign, and the scheduler as the starter of a scheduled one', async () => {
    const setup = await campaignOrg()
    const owner = { type: 'user', accountId: setup.owner.sub, email: setup.owner.email }
    const { campaign, template } = await readyCampaign(setup, 'Events launch', 1)
    expect((await act(setup, campaign.id, 'send')).status).toBe(200)
    const [sent] = await eventItemsOf(setup.orgId, 'campaign.sent')
    expect(sent).toMatchObject({
      organizationId: setup.orgId,
      actor: owner,
      payload: {
        campaignId: campaign.id,
        name: 'Events launch',
        awsAccountId: setup.awsAccountId,
        templateId: template.id,
        version: template.version,
      },
    })

    const { campaign: later } = await readyCampaign(setup, 'Events later', 1)
    const at = new Date(Date.now() + 3_600_000).toISOString()
    const scheduled = await setup.owner.api.patch(`/api/campaigns/${later.id}?${setup.oq}`, {
      schedule: { at, timeZone: 'UTC' },
    })
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200)
    expect((await act(setup, later.id, 'schedule')).status).toBe(200)
    expect((await act(setup, later.id, 'cancel')).status).toBe(200)
    for (const type of ['campaign.scheduled', 'campaign.unscheduled', 'campaign.cancelled']) {
      const items = await eventItemsOf(setup.orgId, type)
      expect(items.length, type).toBeGreaterThan(0)
      for (const item of items) expect(item.actor, type).toEqual(owner)
    }
    expect((await eventItemsOf(setup.orgId, 'campaign.cancelled'))[0]?.payload).toEqual({
      campaignId: later.id,
      name: 'Events later',
    })

    // At its time, the scheduler starts it: the platform is the actor.
    const { campaign: due } = await readyCampaign(setup, 'Events due', 1)
    await setup.owner.api.patch(`/api/campaigns/${due.id}?${setup.oq}`, { schedule: { at, timeZone: 'UTC' } })
    expect((await act(setup, due.id, 'schedule')).status).toBe(200)
    expect(await startScheduledCampaign(setup.orgId, due.id, new Date(Date.parse(at) + 1000))).toBe('started')
    const dueSent = (await eventItemsOf(setup.orgId, 'campaign.sent')).find(
      (item) => (item.payload as { campaignId: string }).campaignId === due.id,
    )
    expect(dueSent?.actor).toEqual({ type: 'system', name: 'campaigns.scheduler' })
  })

  it('reports each template version written (saved, restored) and each template deleted, with who did it', async () => {
    const { owner, orgId } = await orgWithAccount()
    const actor = { type: 'user', accountId: owner.sub, email: owner.email }
    const template = await createTemplate(owner, orgId, 'events_tpl')
    const saved = await owner.api.patch(`/api/templates/${template.id}?organizationId=${orgId}`, {
      version: template.version,
      subject: 'Changed {{firstName}}',
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const restored = await owner.api.post(
      `/api/templates/${template.id}/versions/1/restore?organizationId=${orgId}`,
    )
    expect(restored.status, JSON.stringify(restored.body)).toBeLessThan(300)
    const savedEvents = (await eventItemsOf(orgId, 'template.saved')).sort((a, b) =>
      String(a.id) < String(b.id) ? -1 : 1,
    )
    expect(savedEvents.map((item) => item.payload)).toEqual([
      { templateId: template.id, name: 'events_tpl', version: 1, action: 'create' },
      { templateId: template.id, name: 'events_tpl', version: 2, action: 'save' },
    ])
    for (const item of savedEvents) expect(item.actor).toEqual(actor)
    const [restoredEvent] = await eventItemsOf(orgId, 'template.restored')
    expect(restoredEvent).toMatchObject({
      actor,
      payload: { templateId: template.id, name: 'events_tpl', version: 3, restoredFrom: 1 },
    })

    // One deleted alone, three at once: one event each, in the transactions that delete them.
    const others = await Promise.all(
      ['a', 'b', 'c'].map((name) => createTemplate(owner, orgId, `events_${name}`)),
    )
    expect((await owner.api.delete(`/api/templates/${template.id}?organizationId=${orgId}`)).status).toBe(204)
    const bulk = await owner.api.request('DELETE', `/api/templates?organizationId=${orgId}`, {
      body: { templateIds: others.map((other) => other.id) },
    })
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(204)
    const deleted = await eventItemsOf(orgId, 'template.deleted')
    expect(deleted.map((item) => (item.payload as { templateId: string }).templateId).sort()).toEqual(
      [template.id, ...others.map((other) => other.id)].sort(),
    )
    for (const item of deleted) expect(item.actor).toEqual(actor)
  })

  it('reports topics created and deleted, by a member or by a campaign report action', async () => {
    const setup = await campaignOrg()
    const actor = { type: 'user', accountId: setup.owner.sub, email: setup.owner.email }
    const created = await setup.owner.api.post(`/api/topics?${setup.oq}`, { name: 'Events news' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const removed = await setup.owner.api.delete(`/api/topics/${created.body.id}?${setup.oq}`)
    expect(removed.status, JSON.stringify(removed.body)).toBe(202)
    // Asked twice: refused, and still one event.
    expect((await setup.owner.api.delete(`/api/topics/${created.body.id}?${setup.oq}`)).status).toBe(409)
    const [made] = await eventItemsOf(setup.orgId, 'topic.created')
    expect(made).toMatchObject({ actor, payload: { topicId: created.body.id, name: 'Events news' } })
    const deleted = await eventItemsOf(setup.orgId, 'topic.deleted')
    expect(deleted).toHaveLength(1)
    expect(deleted[0]).toMatchObject({ actor, payload: { topicId: created.body.id, name: 'Events news' } })
  })

  it('reports an AWS account connected and the identities added to and removed from its SES, by whom', async () => {
    const { owner, orgId, awsAccountId } = await orgWithAccount()
    const actor = { type: 'user', accountId: owner.sub, email: owner.email }
    const [connected] = await eventItemsOf(orgId, 'aws_account.connected')
    expect(connected).toMatchObject({ actor, payload: { awsAccountId, region: 'us-east-1', verified: true } })
    const email = `events-${Date.now()}@example.com`
    const added = await owner.api.post('/api/email-identities', {
      awsAccountId,
      type: 'EMAIL_ADDRESS',
      email,
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    // Refused by SES (already there): nothing is reported.
    await owner.api.post('/api/email-identities', { awsAccountId, type: 'EMAIL_ADDRESS', email })
    expect(await eventsOf(orgId, 'email_identity.added')).toEqual([
      { awsAccountId, identity: email, type: 'EMAIL_ADDRESS' },
    ])
    const removed = await owner.api.delete(
      `/api/email-identities/${encodeURIComponent(email)}?awsAccountId=${awsAccountId}`,
    )
    expect(removed.status, JSON.stringify(removed.body)).toBe(204)
    const [deleted] = await eventItemsOf(orgId, 'email_identity.deleted')
    expect(deleted).toMatchObject({ actor, payload: { awsAccountId, identity: email } })
  })

  it('reports plan changes once each: START chosen by an owner, a paid plan through Stripe', async () => {
    const { owner, orgId } = await ownerWithOrganization()
    const actor = { type: 'user', accountId: owner.sub, email: owner.email }
    expect((await owner.api.patch(`/api/organizations/${orgId}`, { plan: 'START' })).status).toBe(200)
    // START again changes nothing: no second event.
    expect((await owner.api.patch(`/api/organizations/${orgId}`, { plan: 'START' })).status).toBe(200)
    await subscribe(owner, orgId, 'TEAM_MONTHLY')
    const changes = (await eventItemsOf(orgId, 'plan.changed')).sort((a, b) =>
      String(a.id) < String(b.id) ? -1 : 1,
    )
    expect(changes.map((item) => ({ actor: item.actor, payload: item.payload }))).toEqual([
      { actor, payload: { from: null, to: 'START', status: null } },
      {
        actor: { type: 'system', name: 'billing.stripe' },
        payload: { from: 'START', to: 'TEAM_MONTHLY', status: 'active' },
      },
    ])
  })
})
