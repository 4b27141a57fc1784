import { JobRunner } from '@app/core'
import { campaignActionJobHandlers } from '@app/core/campaigns/actions/run'
import { shardOf } from '@app/core/campaigns/sending/public'
import * as JobsRepo from '@app/core/jobs/jobs.repo'
import { SliceTimeUp } from '@app/core/jobs/pacer'
import type { ItemContext, JobKindHandler } from '@app/core/jobs/run'
import { simulateLocalSesEngagement } from '@app/local-stack/testing/local-aws'
import { ulid } from 'ulid'
import { beforeAll, describe, expect, it } from 'vitest'
import { createContact, createTopic, waitForJob } from './audience-helpers'
import { compliantSource, createCampaign } from './campaign-helpers'
import {
  eventually,
  injectEvent,
  messageIds,
  oneClickUnsubscribe,
  type ReportingOrg,
  report,
  reportingOrg,
  sendAndWait,
  simulatorContacts,
} from './campaign-report-helpers'
import { addMember } from './seed'
import { createTemplate } from './ses-sync-helpers'
import { newUser, stack } from './stack'

/**
 * The five audience actions of a campaign's report, on a campaign sent through the local stack: a opens and
 * clicks, b only has a machine open (Apple's proxy), c clicks, e complains (suppressed) and clicks, x clicks and
 * is then unsubscribed from everything by the sender, u unsubscribes with the one-click link, d hard-bounces
 * (suppressed), f soft-bounces.
 */
const HUMAN = {
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0',
  ipAddress: '203.0.113.7',
}
const APPLE_PROXY = { userAgent: 'Mozilla/5.0', ipAddress: '17.58.101.4' }
const LINK = 'https://acme.example/launch'

let org: ReportingOrg
let campaignId: string
let draftId: string
let topicId: string
const who: Record<string, { id: string; email: string; organizationId: string; messageId: string }> = {}

const path = (action: string, id = campaignId, o = org) => `/api/campaigns/${id}/${action}?${o.oq}`
const contact = async (key: string) => org.owner.api.get(`/api/contacts/${who[key]?.id}?${org.oq}`)
const preference = async (key: string, topic: string) =>
  (await contact(key)).body.topicPreferences.find((item: { topicId: string }) => item.topicId === topic)
    ?.status ?? null
/** The sum of a finished job's item tallies. */
const tallyOf = (job: { items: { tally?: Record<string, number> }[] }) => {
  const sum: Record<string, number> = {}
  for (const item of job.items)
    for (const [key, count] of Object.entries(item.tally ?? {})) if (count) sum[key] = (sum[key] ?? 0) + count
  return sum
}
async function run(action: string, body: unknown = action.startsWith('create-topic') ? {} : undefined) {
  const started = await org.owner.api.post(path(action), body)
  expect(started.status, JSON.stringify(started.body)).toBe(202)
  const job = await waitForJob(org.owner, org.orgId, started.body.job.id)
  expect(job.status, JSON.stringify(job)).toBe('succeeded')
  expect(job.items).toHaveLength(16)
  return { started: started.body, job, tally: tallyOf(job) }
}
const topicNames = async () =>
  (await org.owner.api.get(`/api/topics?${org.oq}`)).body.items.map((topic: { name: string }) => topic.name)
const jobIds = async () =>
  (await org.owner.api.get(`/api/jobs?${org.oq}&limit=100`)).body.items.map((job: { id: string }) => job.id)

beforeAll(async () => {
  org = await reportingOrg()
  const template = await createTemplate(org.owner, org.orgId, `Actions-${Date.now()}`, {
    source: compliantSource(),
  })
  topicId = (await createTopic(org.owner, org.orgId, { name: `Actions ${Date.now()}` })).id
  const labels = {
    a: 'success+a',
    b: 'success+b',
    c: 'success+c',
    e: 'complaint+e',
    x: 'success+x',
    u: 'success+u',
    d: 'bounce+d',
    f: 'success+f',
  }
  for (const [key, contact] of Object.entries(await simulatorContacts(org, topicId, labels)))
    who[key] = { ...contact, messageId: '' }
  const campaign = await createCampaign(org, {
    name: 'Spring launch',
    sender: org.sender,
    templateId: template.id,
    topicIds: [topicId],
  })
  campaignId = campaign.id
  draftId = (await createCampaign(org, { name: 'Draft', sender: org.sender, topicIds: [topicId] })).id
  await sendAndWait(org, campaignId)
  await eventually(
    () => report(org, campaignId),
    (read) => read.counts.hardBounces === 1 && read.counts.complaints === 1,
    'the simulator’s bounce and complaint',
  )
  const messages = await messageIds(org, campaignId)
  for (const entry of Object.values(who)) entry.messageId = messages.get(entry.id) ?? ''
  const engage = (key: string, type: 'OPEN' | 'CLICK', agent = HUMAN) =>
    simulateLocalSesEngagement(stack, {
      messageId: who[key]?.messageId ?? '',
      type,
      ...agent,
      ...(type === 'CLICK' ? { link: LINK } : {}),
    })
  await engage('a', 'OPEN')
  await engage('a', 'CLICK')
  await engage('b', 'OPEN', APPLE_PROXY)
  for (const key of ['c', 'e', 'x']) await engage(key, 'CLICK')
  const f = who.f
  if (!f) throw new Error('f expected')
  await injectEvent(org, campaignId, f, 'Bounce', {
    bounce: {
      bounceType: 'Transient',
      bounceSubType: 'MailboxFull',
      timestamp: new Date().toISOString(),
      bouncedRecipients: [{ emailAddress: f.email }],
    },
  })
  const u = who.u
  if (!u) throw new Error('u expected')
  await oneClickUnsubscribe(u, [topicId], campaignId)
  const patched = await org.owner.api.patch(`/api/contacts/${who.x?.id}?${org.oq}`, { unsubscribeAll: true })
  expect(patched.status, JSON.stringify(patched.body)).toBe(200)
  await eventually(
    () => report(org, campaignId),
    (read) =>
      read.counts.uniqueClicks === 4 &&
      read.counts.uniqueOpens === 4 &&
      read.counts.machineOpens === 1 &&
      read.counts.bouncedRecipients === 2 &&
      read.counts.unsubscribes === 1,
    'the engagement to be counted',
  )
}, 240_000)

describe('a campaign report’s audience actions', () => {
  it('creates a topic with the clicked contacts opted in, skipping the suppressed and unsubscribed', async () => {
    const { started, tally } = await run('create-topic-with-clicked-contacts')
    expect(started.topic).toEqual({ id: expect.any(String), name: 'Clicked “Spring launch”' })
    expect(started.job.kind).toBe('campaigns.outcome_topic')
    expect(tally).toEqual({ optedIn: 2, skipped: 2 })
    const topic = started.topic.id
    expect(await preference('a', topic)).toBe('OPT_IN')
    expect(await preference('c', topic)).toBe('OPT_IN')
    for (const key of ['e', 'x', 'b', 'u', 'd', 'f']) expect(await preference(key, topic), key).toBeNull()
    const trail = (await contact('a')).body.trail[0]
    expect(trail).toMatchObject({
      source: 'campaign-action',
      campaignId,
      jobId: started.job.id,
      by: { email: org.owner.email },
      changes: [{ topicId: topic, from: null, to: 'OPT_IN' }],
    })
  })

  it('creates a topic with the readers who opened (machine opens left out, a click proves an open)', async () => {
    const { started, tally } = await run('create-topic-with-opened-contacts', { name: 'Engaged readers' })
    expect(started.topic.name).toBe('Engaged readers')
    expect(tally).toEqual({ optedIn: 2, skipped: 2 })
    expect(await preference('a', started.topic.id)).toBe('OPT_IN')
    expect(await preference('c', started.topic.id)).toBe('OPT_IN')
    expect(await preference('b', started.topic.id)).toBeNull()
  })

  it('creates a follow-up topic with the unsubscribed contacts kept opted out', async () => {
    const { started, tally } = await run('create-topic-with-unsubscribed-contacts')
    expect(started.topic.name).toBe('Unsubscribed from “Spring launch”')
    expect(tally).toEqual({ optedOut: 1 })
    expect(await preference('u', started.topic.id)).toBe('OPT_OUT')
    const again = await run('create-topic-with-unsubscribed-contacts', { name: 'Follow-up 2' })
    expect(again.tally).toEqual({ optedOut: 1 })
  })

  it('unsubscribes the bounced contacts from everything with the trail; a second run changes nothing', async () => {
    const before = (await report(org, campaignId)).counts.unsubscribes
    const { started, tally } = await run('unsubscribe-bounced-contacts')
    expect(started.topic).toBeNull()
    expect(tally).toEqual({ unsubscribed: 2 })
    const versions: number[] = []
    for (const key of ['d', 'f']) {
      const read = (await contact(key)).body
      expect(read.unsubscribeAll, key).toBe(true)
      expect(read.trail[0], key).toMatchObject({
        source: 'campaign-action',
        campaignId,
        jobId: started.job.id,
        by: { email: org.owner.email },
        unsubscribeAll: { from: false, to: true },
      })
      versions.push(read.version)
    }
    for (const key of ['a', 'c', 'u']) expect((await contact(key)).body.unsubscribeAll, key).toBe(false)
    const again = await run('unsubscribe-bounced-contacts')
    expect(again.tally).toEqual({ already: 2 })
    expect([(await contact('d')).body.version, (await contact('f')).body.version]).toEqual(versions)
    // The sender's action is not the recipients' unsubscribe: the report does not count it.
    expect((await report(org, campaignId)).counts.unsubscribes).toBe(before)
  })

  it('resumes a job cut mid-page (before and after its changes) to the same result and tallies', async () => {
    const topic = await createTopic(org.owner, org.orgId, { name: `Resumed ${Date.now()}` })
    const account = (await org.owner.api.get('/api/account')).body
    const id = ulid()
    await JobsRepo.createJob(
      {
        id,
        orgId: org.orgId,
        kind: 'campaigns.outcome_topic',
        awsAccountId: null,
        status: 'queued',
        counts: { total: 16, done: 0, succeeded: 0, failed: 0 },
        createdAt: new Date().toISOString(),
        startedAt: null,
        finishedAt: null,
        createdBy: { type: 'user', accountId: account.id, email: account.email },
        params: { action: 'topic-opened', campaignId, topicId: topic.id },
      },
      Array.from({ length: 16 }, (_, index) => ({
        jobId: id,
        index,
        key: String(index),
        label: `part ${index + 1}`,
        status: 'pending' as const,
      })),
    )
    // Each item with a reader to opt in is cut twice: right after its page's contacts were classified (that
    // checkpoint saved), then, resumed, after the changes were made but before their checkpoint (a crash there).
    const stage = new Map<string, number>()
    const base = campaignActionJobHandlers['campaigns.outcome_topic'] as JobKindHandler
    const handler: JobKindHandler = {
      ...base,
      process: (context, item, itemRun) => {
        let saved = itemRun.progress
        const checkpoint: ItemContext['checkpoint'] = async (progress) => {
          const at = stage.get(item.key) ?? 0
          const applied = progress.pending?.length === 0 && (saved?.pending?.length ?? 0) > 0
          if (at === 1 && applied) {
            stage.set(item.key, 2)
            throw new SliceTimeUp()
          }
          await itemRun.checkpoint(progress)
          saved = progress
          if (at === 0 && (progress.pending?.length ?? 0) > 0) {
            stage.set(item.key, 1)
            throw new SliceTimeUp()
          }
        }
        return base.process(context, item, { ...itemRun, checkpoint })
      },
    }
    let slices = 0
    for (;;) {
      const outcome = await JobRunner.runJobSlice(
        { orgId: org.orgId, jobId: id },
        {
          handlers: { 'campaigns.outcome_topic': handler },
          deadline: Date.now() + 60_000,
          owner: `slice-${slices}`,
        },
      )
      slices++
      if (outcome === 'done') break
      expect(outcome).toBe('more')
      expect(slices).toBeLessThan(20)
    }
    const readerShards = new Set([shardOf(who.a?.id ?? ''), shardOf(who.c?.id ?? '')])
    expect([...stage.values()]).toEqual([...readerShards].map(() => 2))
    expect(slices).toBe(2 * readerShards.size + 1)
    const job = await waitForJob(org.owner, org.orgId, id)
    expect(job.status).toBe('succeeded')
    expect(tallyOf(job)).toEqual({ optedIn: 2, skipped: 2 })
    expect(await preference('a', topic.id)).toBe('OPT_IN')
    expect(await preference('c', topic.id)).toBe('OPT_IN')
    expect(await preference('e', topic.id)).toBeNull()
  }, 120_000)

  it('deletes the bounced contacts; a re-import leaves the hard-bounced one suppressed', async () => {
    const { tally } = await run('delete-bounced-contacts')
    expect(tally).toEqual({ deleted: 2 })
    for (const key of ['d', 'f']) expect((await contact(key)).status, key).toBe(404)
    expect((await contact('a')).status).toBe(200)
    const again = await run('delete-bounced-contacts')
    expect(again.tally).toEqual({ gone: 2 })
    const back = (await createContact(org.owner, org.orgId, { email: who.d?.email })) as {
      suppressed?: unknown
    }
    expect(back.suppressed).toMatchObject({ reason: 'BOUNCED' })
    // None of the actions counted as the campaign's unsubscribes (only u's one-click did).
    expect((await report(org, campaignId)).counts.unsubscribes).toBe(1)
  })

  it('lists the started actions, newest first with their jobs and tallies, a page at a time', async () => {
    const runs: { action: string; job: { id: string; status: string }; topic: unknown }[] = []
    let cursor: string | null = null
    do {
      const page: { status: number; body: { items: typeof runs; nextCursor: string | null } } =
        await org.owner.api.get(
          `/api/campaigns/${campaignId}/audience-actions?${org.oq}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        )
      expect(page.status, JSON.stringify(page.body)).toBe(200)
      expect(page.body.items.length).toBeLessThanOrEqual(2)
      runs.push(...page.body.items)
      cursor = page.body.nextCursor
    } while (cursor)
    // Every action started through the routes above, once each, newest first.
    expect(runs.map((run) => run.action)).toEqual([
      'delete-bounced',
      'delete-bounced',
      'unsubscribe-bounced',
      'unsubscribe-bounced',
      'topic-unsubscribed',
      'topic-unsubscribed',
      'topic-opened',
      'topic-clicked',
    ])
    const ids = runs.map((run) => run.job.id)
    expect(ids).toEqual([...ids].sort().reverse())
    const [latest] = runs as unknown as [
      { job: { status: string; items: { tally?: Record<string, number> }[] } },
    ]
    expect(latest.job.status).toBe('succeeded')
    expect(tallyOf(latest.job)).toEqual({ gone: 2 })
    expect(runs.find((run) => run.action === 'topic-opened')?.topic).toMatchObject({
      name: 'Engaged readers',
    })
    expect(runs.find((run) => run.action === 'delete-bounced')?.topic).toBeNull()
    // The first page alone, and refusals: a bad limit, a cursor of another list, another organization's campaign.
    const first = await org.owner.api.get(`/api/campaigns/${campaignId}/audience-actions?${org.oq}`)
    expect(first.body.items).toHaveLength(runs.length)
    expect(first.body.nextCursor).toBeNull()
    for (const query of ['limit=0', 'limit=51', 'cursor=abc.def', 'other=1']) {
      const bad = await org.owner.api.get(`/api/campaigns/${campaignId}/audience-actions?${org.oq}&${query}`)
      expect(bad.status, query).toBe(400)
      expect(bad.body.error.code).toBe('request.invalid')
    }
    const other = await reportingOrg()
    const foreign = await other.owner.api.get(`/api/campaigns/${campaignId}/audience-actions?${other.oq}`)
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.code).toBe('campaigns.not_found')
    const drafts = await org.owner.api.get(`/api/campaigns/${draftId}/audience-actions?${org.oq}`)
    expect(drafts.body).toEqual({ items: [], nextCursor: null })
  })
})

describe('the audience action routes', () => {
  const ACTIONS = [
    'unsubscribe-bounced-contacts',
    'delete-bounced-contacts',
    'create-topic-with-opened-contacts',
    'create-topic-with-clicked-contacts',
    'create-topic-with-unsubscribed-contacts',
  ]

  it('refuse bad input, a taken topic name and a campaign not sent yet, with nothing changed', async () => {
    const [topics, jobs] = [await topicNames(), await jobIds()]
    const refusals: [string, unknown, number, string][] = [
      [path('create-topic-with-clicked-contacts', 'not-an-id'), {}, 400, 'request.invalid'],
      [path('create-topic-with-clicked-contacts'), undefined, 415, 'request.unsupported_media_type'],
      [path('unsubscribe-bounced-contacts'), { name: 'x' }, 400, 'request.invalid'],
      [path('create-topic-with-clicked-contacts'), { name: 'a\nb' }, 400, 'request.invalid'],
      [path('create-topic-with-clicked-contacts'), { name: '' }, 400, 'request.invalid'],
      [path('create-topic-with-opened-contacts'), { name: 'x'.repeat(101) }, 400, 'request.invalid'],
      [path('create-topic-with-opened-contacts'), { name: 'ok', extra: 1 }, 400, 'request.invalid'],
      [path('create-topic-with-clicked-contacts'), { name: topics[0] }, 409, 'topic.name_exists'],
      [
        path('create-topic-with-clicked-contacts'),
        { name: topics[0]?.toUpperCase() },
        409,
        'topic.name_exists',
      ],
      [path('unsubscribe-bounced-contacts', draftId), undefined, 409, 'campaigns.invalid_transition'],
      [path('create-topic-with-opened-contacts', draftId), {}, 409, 'campaigns.invalid_transition'],
    ]
    for (const [url, body, status, code] of refusals) {
      const answer = await org.owner.api.post(url, body)
      expect(answer.status, url).toBe(status)
      expect(answer.body.error.code, url).toBe(code)
    }
    expect(await topicNames()).toEqual(topics)
    expect(await jobIds()).toEqual(jobs)
  })

  it('answer 404 for another organization’s campaign and to a non-member, 403 off the Team plans', async () => {
    const [other, start] = await Promise.all([reportingOrg(), reportingOrg('START')])
    const [topics, jobs] = [await topicNames(), await jobIds()]
    for (const action of ACTIONS) {
      const body = action.startsWith('create-topic') ? {} : undefined
      const foreign = await other.owner.api.post(path(action, campaignId, other), body)
      expect(foreign.status, action).toBe(404)
      expect(foreign.body.error.code, action).toBe('campaigns.not_found')
      // A user who is not a member of the campaign's organization cannot act for it.
      const outsider = await other.owner.api.post(path(action), body)
      expect(outsider.status, action).toBe(404)
      const locked = await start.owner.api.post(path(action, campaignId, start), body)
      expect(locked.status, action).toBe(403)
      expect(locked.body.error.code, action).toBe('plan.feature_locked')
    }
    expect(await topicNames()).toEqual(topics)
    expect(await jobIds()).toEqual(jobs)
    const theirs = await other.owner.api.get(`/api/topics?${other.oq}`)
    expect(theirs.body.items).toEqual([])
  }, 180_000)

  it('let every role run them: a MEMBER changes the audience (`audience.write` holds for OWNER, ADMIN and MEMBER)', async () => {
    const member = await newUser()
    await addMember(org.orgId, (await member.api.get('/api/account')).body.id, 'MEMBER')
    const started = await member.api.post(path('create-topic-with-unsubscribed-contacts'), {
      name: 'By a member',
    })
    expect(started.status, JSON.stringify(started.body)).toBe(202)
    const job = await waitForJob(member, org.orgId, started.body.job.id)
    expect(tallyOf(job)).toEqual({ optedOut: 1 })
    expect(job.createdBy.email).toBe(member.email)
  })
})
