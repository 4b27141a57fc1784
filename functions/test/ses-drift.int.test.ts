import { SES_CHANGED_IN_SES } from '@app/contracts'
import { DeleteEmailTemplateCommand, UpdateEmailTemplateCommand } from '@aws-sdk/client-sesv2'
import { describe, expect, it } from 'vitest'
import { orgState } from './fixtures'
import {
  createTemplate,
  html,
  orgWithAccount,
  rowOf,
  sesContent,
  type User,
  waitForJob,
} from './ses-sync-helpers'

type Setup = Awaited<ReturnType<typeof orgWithAccount>>

const console = { subject: 'Changed in the console', html: '<p>console</p>', text: 'console' }

/** Someone edits the template directly in the customer's SES. */
const editInSes = (setup: Setup, name: string, content = console) =>
  setup.ses.send(
    new UpdateEmailTemplateCommand({
      TemplateName: name,
      TemplateContent: { Subject: content.subject, Html: content.html, Text: content.text },
    }),
  )

const overviewOf = async (user: User, q: string) => {
  const read = await user.api.get(`/api/ses?${q}`)
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  return read.body
}

async function publish(setup: Setup, body: Record<string, unknown>) {
  const started = await setup.owner.api.patch(`/api/ses?${setup.q}`, body)
  expect(started.status, JSON.stringify(started.body)).toBe(202)
  return waitForJob(setup.owner, setup.orgId, started.body.id)
}

const outcome = (job: { items: { label: string; status: string; error?: { code: string } }[] }) =>
  job.items.map((item) => [item.label, item.status, item.error?.code ?? null])

const ours = async (user: User, id: string) => {
  const read = (await user.api.get(`/api/templates/${id}`)).body
  return { subject: read.subject, html: read.html, text: read.textPart }
}

describe('publishing never overwrites a change made in SES without the choice for that template', () => {
  it('single and bulk publish skip a template changed in SES (drifted at once), overwrite it when chosen, and recreate one deleted in SES', async () => {
    const setup = await orgWithAccount()
    const { owner, orgId, ses, q, awsAccountId } = setup
    const drifted = await createTemplate(owner, orgId, 'drift_a')
    const moved = await createTemplate(owner, orgId, 'drift_b')
    expect((await publish(setup, { templateIds: [drifted.id, moved.id] })).status).toBe('succeeded')
    await editInSes(setup, 'drift_a')
    const saved = await owner.api.patch(`/api/templates/${moved.id}`, {
      version: 1,
      source: html('<p>Saved here {{firstName}}</p>'),
    })
    expect(saved.status).toBe(200)
    // No refresh ran: the stored record still says in sync.
    expect(rowOf(await overviewOf(owner, q), 'drift_a')).toMatchObject({ state: 'in_sync' })

    // Single publish: read fresh, skipped, SES keeps its change, and the SES page now knows.
    const single = await publish(setup, { templateIds: [drifted.id] })
    expect(single.status).toBe('succeeded')
    expect(outcome(single)).toEqual([['drift_a', 'skipped', SES_CHANGED_IN_SES]])
    expect(single.items[0].error.message).toMatch(/^Skipped: changed in SES/)
    expect(single.items[0].error.awsAccountId).toBe(awsAccountId)
    expect(await sesContent(ses, 'drift_a')).toEqual(console)
    expect(rowOf(await overviewOf(owner, q), 'drift_a')).toMatchObject({ state: 'drifted' })

    // Bulk publish: the drifted one is skipped, the other goes out.
    const bulk = await publish(setup, { templateIds: [drifted.id, moved.id] })
    expect(bulk.counts).toMatchObject({ total: 2, done: 2, succeeded: 1, failed: 0 })
    expect(outcome(bulk)).toEqual([
      ['drift_a', 'skipped', SES_CHANGED_IN_SES],
      ['drift_b', 'succeeded', null],
    ])
    expect(await sesContent(ses, 'drift_a')).toEqual(console)
    expect(await sesContent(ses, 'drift_b')).toEqual(await ours(owner, moved.id))

    // Overwriting is a choice per template, and only for templates being published.
    const refused = await owner.api.patch(`/api/ses?${q}`, {
      templateIds: [moved.id],
      overwriteTemplateIds: [drifted.id],
    })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatchObject({ code: 'request.invalid', message: expect.any(String) })
    const chosen = await publish(setup, {
      templateIds: [drifted.id, moved.id],
      overwriteTemplateIds: [drifted.id],
    })
    expect(outcome(chosen)).toEqual([
      ['drift_a', 'succeeded', null],
      ['drift_b', 'succeeded', null],
    ])
    expect(await sesContent(ses, 'drift_a')).toEqual(await ours(owner, drifted.id))
    expect(rowOf(await overviewOf(owner, q), 'drift_a')).toMatchObject({ state: 'in_sync' })

    // Deleted in SES is not a change to keep: publishing creates it again.
    await ses.send(new DeleteEmailTemplateCommand({ TemplateName: 'drift_b' }))
    const recreated = await publish(setup, { templateIds: [moved.id] })
    expect(outcome(recreated)).toEqual([['drift_b', 'succeeded', null]])
    expect(await sesContent(ses, 'drift_b')).toEqual(await ours(owner, moved.id))
  }, 120_000)

  it('a publish that reached SES before its record was written (a crash) is recognised on the retry, not taken for a change in SES', async () => {
    const setup = await orgWithAccount()
    const { owner, orgId, ses } = setup
    const template = await createTemplate(owner, orgId, 'crashed_update')
    expect((await publish(setup, { templateIds: [template.id] })).status).toBe('succeeded')
    const saved = await owner.api.patch(`/api/templates/${template.id}`, {
      version: 1,
      source: html('<p>Version two {{firstName}}</p>'),
    })
    expect(saved.status).toBe(200)
    // The update went through, then the worker died: SES holds version 2, the record still says version 1.
    const next = await ours(owner, template.id)
    await editInSes(setup, 'crashed_update', next)
    const retried = await publish(setup, { templateIds: [template.id] })
    expect(outcome(retried)).toEqual([['crashed_update', 'succeeded', null]])
    expect(await sesContent(ses, 'crashed_update')).toEqual(next)
    expect(rowOf(await overviewOf(owner, setup.q), 'crashed_update')).toMatchObject({
      state: 'in_sync',
      publishedVersion: 2,
    })
  }, 60_000)

  it('block propagation with "also re-publish" saves the new version but leaves a template changed in SES alone', async () => {
    const setup = await orgWithAccount()
    const { owner, orgId, ses, q } = setup
    const section = (text: string) =>
      `<mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section>`
    const created = await owner.api.post(`/api/blocks?organizationId=${orgId}`, {
      name: 'header',
      editorType: 'MJML',
      source: section('Header v1'),
    })
    expect(created.status).toBe(201)
    const block = created.body
    const template = (name: string) =>
      createTemplate(owner, orgId, name, {
        editorType: 'MJML',
        source: `<mjml><mj-body><!-- block:${block.id} -->${section('Body {{firstName}}')}</mj-body></mjml>`,
      })
    const edited = await template('block_edited_in_ses')
    const untouched = await template('block_untouched')
    expect((await publish(setup, { templateIds: [edited.id, untouched.id] })).status).toBe('succeeded')
    await editInSes(setup, 'block_edited_in_ses')

    const edit = await owner.api.patch(
      `/api/blocks/${block.id}?organizationId=${orgId}&syncTemplatesWithSes=true`,
      {
        version: 1,
        source: section('Header v2'),
      },
    )
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    const job = await waitForJob(owner, orgId, edit.body.job.id)
    expect(outcome(job)).toEqual([
      ['block_edited_in_ses', 'skipped', SES_CHANGED_IN_SES],
      ['block_untouched', 'succeeded', null],
    ])
    expect(job.items[0].error.message).toMatch(/^Skipped: changed in SES.*The new version is saved here\.$/)
    expect(await sesContent(ses, 'block_edited_in_ses')).toEqual(console)
    const saved = (await owner.api.get(`/api/templates/${edited.id}`)).body
    expect(saved.version).toBe(2)
    expect(saved.html).toContain('Header v2')
    expect((await sesContent(ses, 'block_untouched'))?.html).toContain('Header v2')
    const overview = await overviewOf(owner, q)
    expect(rowOf(overview, 'block_edited_in_ses')).toMatchObject({ state: 'drifted' })
    expect(rowOf(overview, 'block_untouched')).toMatchObject({ state: 'in_sync' })
  }, 120_000)
})

describe("reviewing a change made in SES and taking SES's version", () => {
  it("shows SES's content beside ours with a diff, and takes it as a new HTML version (1 START action) noted as taken from SES, in sync", async () => {
    const setup = await orgWithAccount('START')
    const { owner, orgId, ses, q } = setup
    const template = await createTemplate(owner, orgId, 'welcome_email', {
      editorType: 'MJML',
      source:
        '<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{firstName}}</mj-text></mj-column></mj-section></mj-body></mjml>',
    })
    expect((await publish(setup, { templateIds: [template.id] })).status).toBe('succeeded')
    await editInSes(setup, 'welcome_email')

    const review = await owner.api.get(`/api/ses/templates/${template.id}?${q}`)
    expect(review.status, JSON.stringify(review.body)).toBe(200)
    expect(review.body).toMatchObject({
      templateId: template.id,
      templateName: 'welcome_email',
      editorType: 'MJML',
      sesName: 'welcome_email',
      state: 'drifted',
      ses: console,
      ours: { subject: template.subject, html: template.html, text: template.textPart, version: 1 },
    })
    expect(review.body.sesFingerprint).toMatch(/^[0-9a-f]{64}$/)
    const subject = review.body.parts.find((part: { part: string }) => part.part === 'subject')
    expect(subject.changed).toBe(true)
    expect(subject.changes).toEqual([
      { kind: 'removed', value: template.subject, lines: 1 },
      { kind: 'added', value: console.subject, lines: 1 },
    ])
    // The review read SES: the list shows the drift without a refresh.
    expect(rowOf(await overviewOf(owner, q), 'welcome_email')).toMatchObject({ state: 'drifted' })

    const take = (body: unknown) =>
      owner.api.request('POST', `/api/ses/templates/${template.id}/take?${q}`, { body })
    const reviewed = { sesFingerprint: review.body.sesFingerprint, version: 1 }
    const before = await orgState(orgId)
    for (const bad of [
      {},
      { ...reviewed, sesFingerprint: 'abc' },
      { ...reviewed, version: 0 },
      { ...reviewed, extra: true },
      { sesFingerprint: reviewed.sesFingerprint },
    ]) {
      const answer = await take(bad)
      expect(answer.status, JSON.stringify(bad)).toBe(400)
      expect(answer.body.error).toMatchObject({ code: 'request.invalid', message: expect.any(String) })
    }
    const badId = await owner.api.request('POST', `/api/ses/templates/nope/take?${q}`, { body: reviewed })
    expect(badId.status).toBe(400)
    expect((await take({ ...reviewed, version: 2 })).body.error.code).toBe('version.conflict')
    expect(await orgState(orgId)).toBe(before)
    const stale = await take({ ...reviewed, sesFingerprint: 'f'.repeat(64) })
    expect(stale.status).toBe(409)
    expect(stale.body.error.code).toBe('ses.changed_again')
    expect((await owner.api.get(`/api/templates/${template.id}`)).body.version).toBe(1)

    const taken = await take(reviewed)
    expect(taken.status, JSON.stringify(taken.body)).toBe(200)
    expect(taken.body).toMatchObject({
      version: 2,
      editorType: 'HTML',
      subject: console.subject,
      html: console.html,
      textPart: console.text,
      source: console.html,
    })
    expect(await sesContent(ses, 'welcome_email')).toEqual(console)
    const versions = (await owner.api.get(`/api/templates/${template.id}/versions`)).body.items
    expect(versions[0]).toMatchObject({ version: 2, action: 'save', note: 'Taken from SES (Default)' })
    expect(versions[1].note).toBeUndefined()
    const account = (await owner.api.get('/api/account')).body
    const actions = account.organizations.find((org: { id: string }) => org.id === orgId).availableActions
    expect(actions).toBe(3)
    expect(rowOf(await overviewOf(owner, q), 'welcome_email')).toMatchObject({
      state: 'in_sync',
      publishedVersion: 2,
      currentVersion: 2,
    })
    // In sync: publishing again is not blocked.
    expect(outcome(await publish(setup, { templateIds: [template.id] }))).toEqual([
      ['welcome_email', 'succeeded', null],
    ])

    // Out of START actions: taking is refused like a save, and nothing changes.
    for (let version = 2; version < 5; version++) {
      const saved = await owner.api.patch(`/api/templates/${template.id}`, {
        version,
        source: html(`<p>save ${version}</p>`),
      })
      expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    }
    await editInSes(setup, 'welcome_email', { ...console, subject: 'Changed in the console again' })
    const again = await owner.api.get(`/api/ses/templates/${template.id}?${q}`)
    expect(again.body.state).toBe('drifted')
    const exhausted = await take({ sesFingerprint: again.body.sesFingerprint, version: 5 })
    expect(exhausted.status).toBe(402)
    expect(exhausted.body.error.code).toBe('plan.actions_exhausted')
    expect((await owner.api.get(`/api/templates/${template.id}`)).body.version).toBe(5)
  }, 120_000)

  it("answers 404 for another organization's template or AWS account and for an unpublished template", async () => {
    const mine = await orgWithAccount()
    const theirs = await orgWithAccount()
    const template = await createTemplate(mine.owner, mine.orgId, 'mine_only')
    const unpublished = await createTemplate(mine.owner, mine.orgId, 'never_published')
    expect((await publish(mine, { templateIds: [template.id] })).status).toBe('succeeded')
    await editInSes(mine, 'mine_only')
    const review = (await mine.owner.api.get(`/api/ses/templates/${template.id}?${mine.q}`)).body
    const body = { sesFingerprint: review.sesFingerprint, version: 1 }

    const cases: [User, string, string][] = [
      [theirs.owner, `/api/ses/templates/${template.id}?${theirs.q}`, 'template.not_found'],
      [theirs.owner, `/api/ses/templates/${template.id}?${mine.q}`, 'organization.not_found'],
      [
        mine.owner,
        `/api/ses/templates/${template.id}?organizationId=${mine.orgId}&awsAccountId=${theirs.awsAccountId}`,
        'aws_account.not_found',
      ],
      [mine.owner, `/api/ses/templates/${unpublished.id}?${mine.q}`, 'ses.not_published'],
    ]
    for (const [user, path, code] of cases) {
      const read = await user.api.get(path)
      expect(read.status, path).toBe(404)
      expect(read.body.error.code).toBe(code)
      const [base, query] = path.split('?')
      const taken = await user.api.request('POST', `${base}/take?${query}`, { body })
      expect(taken.status, path).toBe(404)
      expect(taken.body.error.code).toBe(code)
    }
    expect((await mine.owner.api.get(`/api/templates/${template.id}`)).body.version).toBe(1)
    expect(await sesContent(mine.ses, 'mine_only')).toEqual(console)
  }, 120_000)
})
