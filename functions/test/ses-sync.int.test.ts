import { injectLocalAwsFault } from '@app/local-stack/testing/local-aws'
import {
  CreateEmailTemplateCommand,
  ListEmailTemplatesCommand,
  UpdateEmailTemplateCommand,
} from '@aws-sdk/client-sesv2'
import { describe, expect, it } from 'vitest'
import { eventsOf } from './outbox-helpers'
import {
  createTemplate,
  html,
  orgWithAccount,
  rowOf,
  sesContent,
  type User,
  waitForJob,
} from './ses-sync-helpers'
import { newUser, stack } from './stack'

const overviewOf = async (user: User, q: string) => {
  const read = await user.api.get(`/api/ses?${q}`)
  expect(read.status, JSON.stringify(read.body)).toBe(200)
  return read.body
}

const actionsLeft = async (user: User, orgId: string) =>
  (
    (await user.api.get('/api/account')).body.organizations as {
      id: string
      availableActions: number | null
    }[]
  ).find((org) => org.id === orgId)?.availableActions

describe('SES sync', () => {
  it('publishes the compiled subject, HTML and text, lists them in sync, and refuses templates with lint errors', async () => {
    const { owner, orgId, ses, q } = await orgWithAccount()
    const plain = await createTemplate(owner, orgId, 'welcome_html', {
      text: { mode: 'custom', custom: 'Hi {{firstName}}, plain.' },
    })
    const mjml = await createTemplate(owner, orgId, 'welcome_mjml', {
      editorType: 'MJML',
      source:
        '<mjml><mj-body><mj-section><mj-column><mj-text>Hello {{firstName}}</mj-text></mj-column></mj-section></mj-body></mjml>',
    })
    const broken = await createTemplate(owner, orgId, 'broken_mjml', {
      editorType: 'MJML',
      source:
        '<mjml><mj-body><mj-section><mj-column><mj-text foo="bar">Hi</mj-text></mj-column></mj-section></mj-body></mjml>',
    })

    const started = await owner.api.patch(`/api/ses?${q}`, { templateIds: [plain.id, mjml.id, broken.id] })
    expect(started.status, JSON.stringify(started.body)).toBe(202)
    expect(started.body).toMatchObject({
      kind: 'ses.publish',
      status: 'queued',
      counts: { total: 3, done: 0 },
    })
    const job = await waitForJob(owner, orgId, started.body.id)
    expect(job.status).toBe('partially_failed')
    expect(job.counts).toEqual({ total: 3, done: 3, succeeded: 2, failed: 1 })
    expect(job.items.map((item: { label: string; status: string }) => [item.label, item.status])).toEqual([
      ['welcome_html', 'succeeded'],
      ['welcome_mjml', 'succeeded'],
      ['broken_mjml', 'failed'],
    ])
    expect(job.items[2].error.code).toBe('template.lint_errors')
    expect(job.items[2].error.message).toMatch(/Attribute foo is illegal/)

    for (const template of [plain, mjml]) {
      expect(await sesContent(ses, template.name)).toEqual({
        subject: template.subject,
        html: template.html,
        text: template.textPart,
      })
    }
    expect(await sesContent(ses, 'broken_mjml')).toBeNull()

    const overview = await overviewOf(owner, q)
    expect(overview.complete).toBe(true)
    expect(rowOf(overview, 'welcome_html')).toMatchObject({
      templateId: plain.id,
      templateName: 'welcome_html',
      state: 'in_sync',
      publishedVersion: 1,
      currentVersion: 1,
    })
    expect(rowOf(overview, 'welcome_mjml')).toMatchObject({ templateId: mjml.id, state: 'in_sync' })
    expect(overview.unpublished).toEqual([
      expect.objectContaining({ templateId: broken.id, state: 'not_published', sesName: null }),
    ])
  }, 90_000)

  it('flags changed_in_product after a save, drifted after a change in SES once refreshed, and publishing repairs both', async () => {
    const { owner, orgId, ses, q } = await orgWithAccount()
    const edited = await createTemplate(owner, orgId, 'edited_here')
    const outside = await createTemplate(owner, orgId, 'edited_outside')
    const published = await owner.api.patch(`/api/ses?${q}`, { templateIds: [edited.id, outside.id] })
    expect((await waitForJob(owner, orgId, published.body.id)).status).toBe('succeeded')

    const saved = await owner.api.patch(`/api/templates/${edited.id}`, {
      version: 1,
      source: html('<p>Changed {{firstName}}</p>'),
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    // A save that leaves the output alone (tags only) is not a change SES needs.
    const tagged = await owner.api.patch(`/api/templates/${outside.id}`, { version: 1, tags: ['welcome'] })
    expect(tagged.status).toBe(200)
    await ses.send(
      new UpdateEmailTemplateCommand({
        TemplateName: 'edited_outside',
        TemplateContent: { Subject: 'Changed in the console', Html: '<p>console</p>', Text: 'console' },
      }),
    )

    let overview = await overviewOf(owner, q)
    expect(rowOf(overview, 'edited_here')).toMatchObject({
      state: 'changed_in_product',
      publishedVersion: 1,
      currentVersion: 2,
    })
    // Drift is what the last refresh saw: the list itself does not read every template.
    expect(rowOf(overview, 'edited_outside')).toMatchObject({ state: 'in_sync', currentVersion: 2 })
    expect(overview.refreshedAt).toBeNull()

    const refresh = await owner.api.post(`/api/ses/refresh?${q}`)
    expect(refresh.status, JSON.stringify(refresh.body)).toBe(202)
    expect(refresh.body).toMatchObject({ kind: 'ses.refresh', counts: { total: 2 } })
    expect((await waitForJob(owner, orgId, refresh.body.id)).status).toBe('succeeded')
    overview = await overviewOf(owner, q)
    expect(rowOf(overview, 'edited_outside')).toMatchObject({ state: 'drifted' })
    expect(rowOf(overview, 'edited_here')).toMatchObject({ state: 'changed_in_product' })
    expect(overview.refreshedAt).not.toBeNull()

    // Overwriting the change made in SES is the user's choice for that template.
    const again = await owner.api.patch(`/api/ses?${q}`, {
      templateIds: [edited.id, outside.id],
      overwriteTemplateIds: [outside.id],
    })
    expect((await waitForJob(owner, orgId, again.body.id)).status).toBe('succeeded')
    overview = await overviewOf(owner, q)
    expect(rowOf(overview, 'edited_here')).toMatchObject({ state: 'in_sync', publishedVersion: 2 })
    expect(rowOf(overview, 'edited_outside')).toMatchObject({ state: 'in_sync' })
    const current = (await owner.api.get(`/api/templates/${edited.id}`)).body
    expect(await sesContent(ses, 'edited_here')).toEqual({
      subject: current.subject,
      html: current.html,
      text: current.textPart,
    })
  }, 90_000)

  it('imports SES templates as HTML templates in sync: a name clash or a missing template fails its item, and START actions run out mid-job', async () => {
    const { owner, orgId, ses, q } = await orgWithAccount('START')
    const existing = await createTemplate(owner, orgId, 'clash')
    expect(await actionsLeft(owner, orgId)).toBe(4)
    const names = ['imp_a', 'imp_b', 'clash', 'imp_c', 'imp_d', 'imp_e']
    for (const name of names) {
      await ses.send(
        new CreateEmailTemplateCommand({
          TemplateName: name,
          TemplateContent: {
            Subject: `Subject of ${name} {{firstName}}`,
            Html: `<p>From SES: ${name}</p>`,
            ...(name === 'imp_b' ? {} : { Text: `Text of ${name}` }),
          },
        }),
      )
    }

    const started = await owner.api.post(`/api/ses?${q}`, {
      templates: ['imp_a', 'imp_b', 'clash', 'missing_one', 'imp_c', 'imp_d', 'imp_e'],
    })
    expect(started.status, JSON.stringify(started.body)).toBe(202)
    const job = await waitForJob(owner, orgId, started.body.id)
    expect(job.status).toBe('partially_failed')
    const byKey = Object.fromEntries(job.items.map((item: { key: string }) => [item.key, item]))
    for (const name of ['imp_a', 'imp_b', 'imp_c', 'imp_d']) expect(byKey[name].status).toBe('succeeded')
    expect(byKey.clash).toMatchObject({ status: 'failed', error: { code: 'template.name_exists' } })
    expect(byKey.clash.error.message).toMatch(/already exists/)
    expect(byKey.missing_one).toMatchObject({ status: 'failed', error: { code: 'ses.not_found' } })
    expect(byKey.imp_e).toMatchObject({ status: 'failed', error: { code: 'plan.actions_exhausted' } })
    expect(job.counts).toEqual({ total: 7, done: 7, succeeded: 4, failed: 3 })
    // Four templates created, four actions spent: nothing else.
    expect(await actionsLeft(owner, orgId)).toBe(0)

    // The clashing template is untouched.
    const kept = (await owner.api.get(`/api/templates/${existing.id}`)).body
    expect(kept).toMatchObject({ version: 1, subject: existing.subject, html: existing.html })

    const imported = (await owner.api.get(`/api/templates/${byKey.imp_a.templateId}`)).body
    expect(imported).toMatchObject({
      name: 'imp_a',
      editorType: 'HTML',
      subject: 'Subject of imp_a {{firstName}}',
      html: '<p>From SES: imp_a</p>',
      textPart: 'Text of imp_a',
    })
    const withoutText = (await owner.api.get(`/api/templates/${byKey.imp_b.templateId}`)).body
    expect(withoutText.textPart).toBe('')
    // Each imported template's first version says where it came from, in its history and its event.
    const history = await owner.api.get(`/api/templates/${byKey.imp_a.templateId}/versions`)
    expect(history.body.items).toMatchObject([{ version: 1, action: 'import' }])
    const saved = await eventsOf(orgId, 'template.saved')
    for (const name of ['imp_a', 'imp_b', 'imp_c', 'imp_d'])
      expect(saved).toContainEqual({ templateId: byKey[name].templateId, name, version: 1, action: 'import' })

    const overview = await overviewOf(owner, q)
    for (const name of ['imp_a', 'imp_b', 'imp_c', 'imp_d'])
      expect(rowOf(overview, name)).toMatchObject({ state: 'in_sync', templateId: byKey[name].templateId })
    expect(rowOf(overview, 'imp_e')).toMatchObject({ state: 'unlinked', templateId: null })
    expect(rowOf(overview, 'clash')).toMatchObject({ state: 'unlinked' })
    expect(overview.unpublished.map((row: { templateName: string }) => row.templateName)).toEqual(['clash'])
  }, 90_000)

  it('deletes from SES only: the template stays in the product, unpublished; publishing into a foreign name fails that item', async () => {
    const { owner, orgId, ses, q, awsAccountId } = await orgWithAccount()
    const gone = await createTemplate(owner, orgId, 'to_delete')
    const taken = await createTemplate(owner, orgId, 'taken_in_ses')
    await ses.send(
      new CreateEmailTemplateCommand({
        TemplateName: 'taken_in_ses',
        TemplateContent: { Subject: 'Someone else', Html: '<p>theirs</p>' },
      }),
    )
    const published = await waitForJob(
      owner,
      orgId,
      (await owner.api.patch(`/api/ses?${q}`, { templateIds: [gone.id, taken.id] })).body.id,
    )
    expect(published.status).toBe('partially_failed')
    expect(published.items[1]).toMatchObject({ status: 'failed', error: { code: 'ses.name_taken' } })
    expect(await sesContent(ses, 'taken_in_ses')).toEqual({
      subject: 'Someone else',
      html: '<p>theirs</p>',
      text: '',
    })

    const deleted = await owner.api.request('DELETE', `/api/ses?${q}`, {
      body: { templateIds: [gone.id, taken.id] },
    })
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(202)
    const job = await waitForJob(owner, orgId, deleted.body.id)
    expect(job.status).toBe('succeeded')
    expect(job.items[0]).toMatchObject({ status: 'succeeded' })
    // Never published by us: nothing deleted in SES.
    expect(job.items[1]).toMatchObject({ status: 'skipped', error: { code: 'ses.not_published' } })
    expect(await sesContent(ses, 'to_delete')).toBeNull()
    expect(await sesContent(ses, 'taken_in_ses')).not.toBeNull()
    // The deleted copy is reported once; the skipped one (never ours) is not.
    expect(await eventsOf(orgId, 'template.unpublished')).toEqual([
      { templateId: gone.id, sesName: 'to_delete', awsAccountId, region: 'us-east-1', jobId: job.id },
    ])
    expect((await owner.api.get(`/api/templates/${gone.id}`)).status).toBe(200)
    const overview = await overviewOf(owner, q)
    expect(overview.unpublished).toEqual(
      expect.arrayContaining([expect.objectContaining({ templateId: gone.id, state: 'not_published' })]),
    )
  }, 90_000)

  it('paces publishing at 1 call/s per AWS account: 20 templates take ≥ 19 s and none is lost to injected throttling', async () => {
    const { owner, orgId, ses, keys, q } = await orgWithAccount()
    const templates = []
    for (let index = 0; index < 20; index++)
      templates.push(await createTemplate(owner, orgId, `paced_${String(index).padStart(2, '0')}`))
    await injectLocalAwsFault(stack, {
      accountId: keys.accountId,
      operation: 'CreateEmailTemplate',
      error: 'TooManyRequestsException',
      count: 3,
    })
    const started = await owner.api.patch(`/api/ses?${q}`, {
      templateIds: templates.map((template) => template.id),
    })
    expect(started.status).toBe(202)
    const job = await waitForJob(owner, orgId, started.body.id, 120_000)
    const seconds = (Date.parse(job.finishedAt) - Date.parse(job.startedAt)) / 1000
    console.info(`publishing 20 templates at 1/s took ${seconds.toFixed(1)} s (3 throttled calls retried)`)
    expect(job.status).toBe('succeeded')
    expect(job.counts).toEqual({ total: 20, done: 20, succeeded: 20, failed: 0 })
    expect(seconds).toBeGreaterThanOrEqual(19)
    const listed = await ses.send(new ListEmailTemplatesCommand({ PageSize: 100 }))
    expect(listed.TemplatesMetadata?.map((meta) => meta.TemplateName).sort()).toEqual(
      templates.map((template) => template.name),
    )
  }, 180_000)
})

describe('SES sync input and tenancy', () => {
  it('answers bad input with 400 and a code, and starts nothing', async () => {
    const { owner, orgId, awsAccountId, q } = await orgWithAccount()
    const template = await createTemplate(owner, orgId, 'valid_one')
    const jobsBefore = (await owner.api.get(`/api/jobs?organizationId=${orgId}`)).body.items.length
    const tooMany = Array.from({ length: 101 }, (_, index) => `t_${index}`)
    const cases: [string, string, unknown?][] = [
      ['GET', `/api/ses?organizationId=${orgId}`],
      ['GET', `/api/ses?organizationId=${orgId}&awsAccountId=nope`],
      ['GET', `/api/ses?${q}&extra=1`],
      ['POST', `/api/ses?${q}`, { templates: [] }],
      ['POST', `/api/ses?${q}`, { templates: ['has space'] }],
      ['POST', `/api/ses?${q}`, { templates: ['dup', 'dup'] }],
      ['POST', `/api/ses?${q}`, { templates: tooMany }],
      ['POST', `/api/ses?awsAccountId=${awsAccountId}`, { templates: ['ok'] }],
      ['PATCH', `/api/ses?${q}`, { templateIds: ['not-an-id'] }],
      ['PATCH', `/api/ses?${q}`, { templateIds: [template.id], force: true }],
      ['PATCH', `/api/ses?${q}`, {}],
      ['DELETE', `/api/ses?${q}`, { templateIds: [template.id, template.id] }],
      ['DELETE', `/api/ses?${q}`, {}],
      ['POST', `/api/ses/refresh?${q}`, { anything: 1 }],
      ['POST', `/api/ses/refresh?organizationId=${orgId}`],
      ['GET', `/api/jobs?organizationId=${orgId}&limit=0`],
      ['GET', `/api/jobs?organizationId=${orgId}&kind=ses.nothing`],
      ['GET', `/api/jobs?organizationId=${orgId}&cursor=bm9wZQ`],
      ['GET', `/api/jobs/not-an-id?organizationId=${orgId}`],
      ['GET', `/api/jobs/${template.id}`],
    ]
    for (const [method, path, body] of cases) {
      const answer = await owner.api.request(method as 'GET', path, body === undefined ? undefined : { body })
      expect(answer.status, `${method} ${path} ${JSON.stringify(answer.body)}`).toBe(400)
      expect(answer.body.error.code).toMatch(/^request\./)
      expect(typeof answer.body.error.message).toBe('string')
    }
    expect((await owner.api.get(`/api/jobs?organizationId=${orgId}`)).body.items.length).toBe(jobsBefore)
  })

  it("answers 404 for another organization's AWS account, templates and jobs", async () => {
    const mine = await orgWithAccount()
    const theirs = await orgWithAccount()
    const myTemplate = await createTemplate(mine.owner, mine.orgId, 'mine')
    const theirTemplate = await createTemplate(theirs.owner, theirs.orgId, 'theirs')
    const myJob = await mine.owner.api.post(`/api/ses/refresh?${mine.q}`)
    expect(myJob.status).toBe(202)

    const mixedAccount = `organizationId=${mine.orgId}&awsAccountId=${theirs.awsAccountId}`
    const strangerOrg = `organizationId=${theirs.orgId}&awsAccountId=${mine.awsAccountId}`
    const notFound: [string, string, unknown?, string?][] = [
      ['GET', `/api/ses?${mixedAccount}`, undefined, 'aws_account.not_found'],
      ['PATCH', `/api/ses?${mixedAccount}`, { templateIds: [myTemplate.id] }, 'aws_account.not_found'],
      ['POST', `/api/ses/refresh?${mixedAccount}`, undefined, 'aws_account.not_found'],
      [
        'PATCH',
        `/api/ses?${mine.q}`,
        { templateIds: [myTemplate.id, theirTemplate.id] },
        'template.not_found',
      ],
      ['DELETE', `/api/ses?${mine.q}`, { templateIds: [theirTemplate.id] }, 'template.not_found'],
      ['GET', `/api/ses?${strangerOrg}`, undefined, 'organization.not_found'],
      ['POST', `/api/ses?${strangerOrg}`, { templates: ['x'] }, 'organization.not_found'],
      ['GET', `/api/jobs/${myJob.body.id}?organizationId=${theirs.orgId}`, undefined, 'job.not_found'],
      ['GET', `/api/jobs?organizationId=${theirs.orgId}`, undefined, 'organization.not_found'],
    ]
    for (const [method, path, body, code] of notFound) {
      const answer = await mine.owner.api.request(
        method as 'GET',
        path,
        body === undefined ? undefined : { body },
      )
      expect(answer.status, `${method} ${path} ${JSON.stringify(answer.body)}`).toBe(404)
      expect(answer.body.error.code).toBe(code)
    }
    // Their own organization id with my job's id: that organization has no such job.
    const crossJob = await theirs.owner.api.get(`/api/jobs/${myJob.body.id}?organizationId=${theirs.orgId}`)
    expect(crossJob.status).toBe(404)
    expect(crossJob.body.error.code).toBe('job.not_found')
    const outsider = await newUser()
    expect((await outsider.api.get(`/api/ses?${mine.q}`)).status).toBe(404)
    expect((await theirs.owner.api.get(`/api/jobs?organizationId=${theirs.orgId}`)).body.items).toEqual([])
  })

  it('lists jobs latest first, by kind, a page at a time', async () => {
    const { owner, orgId, q } = await orgWithAccount()
    const template = await createTemplate(owner, orgId, 'listed')
    const first = (await owner.api.post(`/api/ses/refresh?${q}`)).body
    const second = (await owner.api.patch(`/api/ses?${q}`, { templateIds: [template.id] })).body
    await waitForJob(owner, orgId, second.id)
    const all = (await owner.api.get(`/api/jobs?organizationId=${orgId}`)).body
    expect(all.items.map((job: { id: string }) => job.id)).toEqual([second.id, first.id])
    expect(all.nextCursor).toBeNull()
    expect(all.items[0]).not.toHaveProperty('items')
    const page = (await owner.api.get(`/api/jobs?organizationId=${orgId}&limit=1`)).body
    expect(page.items.map((job: { id: string }) => job.id)).toEqual([second.id])
    const next = (await owner.api.get(`/api/jobs?organizationId=${orgId}&limit=1&cursor=${page.nextCursor}`))
      .body
    expect(next.items.map((job: { id: string }) => job.id)).toEqual([first.id])
    const refreshes = (await owner.api.get(`/api/jobs?organizationId=${orgId}&kind=ses.refresh`)).body
    expect(refreshes.items.map((job: { id: string }) => job.id)).toEqual([first.id])
    const read = (await owner.api.get(`/api/jobs/${second.id}?organizationId=${orgId}`)).body
    expect(read).toMatchObject({
      kind: 'ses.publish',
      status: 'succeeded',
      counts: { total: 1, done: 1, succeeded: 1, failed: 0 },
      items: [{ key: template.id, label: 'listed', status: 'succeeded', templateId: template.id }],
    })
  }, 60_000)
})
