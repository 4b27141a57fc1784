import { visualDocumentSource } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { documentOf, heading, orgState } from './fixtures'
import { eventItemsOf } from './outbox-helpers'
import { setSubscription } from './seed'
import { createTemplate, orgWithAccount, sesContent, type User, waitForJob } from './ses-sync-helpers'
import { newUser } from './stack'

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

async function teamOrg() {
  const user = await newUser()
  const orgId: string = (await user.api.get('/api/account')).body.selectedOrganization
  await setSubscription(orgId, 'TEAM_MONTHLY', 'active')
  return { user, orgId }
}

const fragment = (text: string) => JSON.stringify({ version: 1, blocks: [heading('brand', text)] })
const visualDocument = (blocks: unknown[]) => visualDocumentSource(documentOf(blocks) as never)
const mjmlSection = (text: string) =>
  `<mj-section><mj-column><mj-text>${text}</mj-text></mj-column></mj-section>`
const mjmlTemplate = (blockId: string) =>
  `<mjml>\n<mj-body>\n<!-- block:${blockId} -->\n${mjmlSection('Body {{firstName}}')}\n</mj-body>\n</mjml>`

const createBlock = async (user: User, orgId: string, body: Record<string, unknown>) => {
  const created = await user.api.post(`/api/blocks?organizationId=${orgId}`, body)
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return created.body as { id: string; name: string; version: number; source: string }
}

describe('reusable blocks', () => {
  it('creates, reads, lists by editor type, renames, copies and deletes; bad input changes nothing', async () => {
    const { user, orgId } = await teamOrg()
    const q = `organizationId=${orgId}`
    const header = await createBlock(user, orgId, {
      name: 'Main header',
      editorType: 'MJML',
      source: mjmlSection('Header'),
    })
    expect(header).toMatchObject({ name: 'Main header', editorType: 'MJML', version: 1, usedBy: [] })
    const visual = await createBlock(user, orgId, {
      name: 'brand_visual',
      editorType: 'VISUAL',
      source: fragment('Brand'),
    })
    expect(JSON.parse(visual.source)).toEqual({ version: 1, blocks: [heading('brand', 'Brand')] })
    await createBlock(user, orgId, { name: 'footer-html', editorType: 'HTML', source: '<p>Footer</p>' })

    const all = await user.api.get(`/api/blocks?${q}`)
    expect(all.status).toBe(200)
    expect(all.body.items.map((block: { name: string }) => block.name)).toEqual([
      'brand_visual',
      'footer-html',
      'Main header',
    ])
    expect(all.body.items[0]).not.toHaveProperty('source')
    const mjmlOnly = await user.api.get(`/api/blocks?${q}&editorType=MJML`)
    expect(mjmlOnly.body.items.map((block: { id: string }) => block.id)).toEqual([header.id])

    const read = await user.api.get(`/api/blocks/${header.id}?${q}`)
    expect(read.body).toMatchObject({ id: header.id, source: mjmlSection('Header'), usedBy: [] })

    const renamed = await user.api.patch(`/api/blocks/${header.id}?${q}`, { version: 1, name: 'Header' })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect(renamed.body).toMatchObject({ block: { name: 'Header', version: 2 }, job: null })
    const stale = await user.api.patch(`/api/blocks/${header.id}?${q}`, { version: 1, name: 'Again' })
    expect(stale.status).toBe(409)
    expect(stale.body.error).toMatchObject({ code: 'version.conflict', currentVersion: 2 })

    const copy = await user.api.post(`/api/blocks/${header.id}?${q}`, { newName: 'Header copy' })
    expect(copy.status).toBe(201)
    expect(copy.body).toMatchObject({ name: 'Header copy', editorType: 'MJML', version: 1 })
    expect(copy.body.source).toBe(mjmlSection('Header'))

    const before = await orgState(orgId)
    const bad: [Method, string, Record<string, unknown> | undefined][] = [
      ['POST', `/api/blocks?${q}`, { name: 'Header', editorType: 'MJML', source: mjmlSection('x') }],
      ['POST', `/api/blocks?${q}`, { name: 'bad/name', editorType: 'HTML', source: '<p>x</p>' }],
      ['POST', `/api/blocks?${q}`, { name: 'x', editorType: 'WORD', source: '<p>x</p>' }],
      ['POST', `/api/blocks?${q}`, { name: 'x', editorType: 'HTML', source: `<!-- block:${header.id} -->` }],
      ['POST', `/api/blocks?${q}`, { name: 'x', editorType: 'HTML', source: '<p>{{#if a}}</p>' }],
      ['POST', `/api/blocks?${q}`, { name: 'x', editorType: 'VISUAL', source: '{"version":1,"blocks":[]}' }],
      [
        'POST',
        `/api/blocks?${q}`,
        {
          name: 'x',
          editorType: 'VISUAL',
          source: JSON.stringify({
            version: 1,
            blocks: [{ type: 'blockRef', id: 'ref', blockId: visual.id }],
          }),
        },
      ],
      [
        'POST',
        `/api/blocks?${q}`,
        { name: 'x', editorType: 'MJML', source: '<mjml><mj-body></mj-body></mjml>' },
      ],
      ['POST', `/api/blocks?${q}`, { name: 'x', editorType: 'HTML' }],
      ['PATCH', `/api/blocks/${header.id}?${q}`, { version: 2 }],
      ['PATCH', `/api/blocks/${header.id}?${q}`, { version: 2, name: 'Main header', extra: 1 }],
      ['PATCH', `/api/blocks/${header.id}?${q}&syncTemplatesWithSes=maybe`, { version: 2, name: 'Y' }],
      ['PATCH', `/api/blocks/${header.id}?${q}`, { version: 2, name: 'Header copy' }],
      ['POST', `/api/blocks/${header.id}?${q}`, { newName: 'Header copy' }],
      ['POST', `/api/blocks/${header.id}?${q}`, {}],
      ['GET', `/api/blocks?${q}&editorType=PDF`, undefined],
      ['GET', `/api/blocks/not-an-id?${q}`, undefined],
      ['DELETE', `/api/blocks/not-an-id?${q}`, undefined],
    ]
    for (const [method, path, body] of bad) {
      const answer = await user.api.request(method, path, body === undefined ? {} : { body })
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
      expect(answer.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) })
    }
    expect(await orgState(orgId)).toBe(before)

    const deleted = await user.api.delete(`/api/blocks/${copy.body.id}?${q}`)
    expect(deleted.status).toBe(204)
    expect((await user.api.get(`/api/blocks/${copy.body.id}?${q}`)).status).toBe(404)
    // The name is free again.
    await createBlock(user, orgId, { name: 'Header copy', editorType: 'HTML', source: '<p>x</p>' })
  })

  it('composes blocks into templates of their type, tracks where they are used and refuses deleting them', async () => {
    const { user, orgId } = await teamOrg()
    const q = `organizationId=${orgId}`
    const visualBlock = await createBlock(user, orgId, {
      name: 'brand',
      editorType: 'VISUAL',
      source: fragment('Brand {{company}}'),
    })
    const mjmlBlock = await createBlock(user, orgId, {
      name: 'header',
      editorType: 'MJML',
      source: mjmlSection('Header from block'),
    })
    const htmlBlock = await createBlock(user, orgId, {
      name: 'footer',
      editorType: 'HTML',
      source: '<p>Footer</p>',
    })

    const visualTemplate = await user.api.post(`/api/templates?${q}`, {
      name: 'visual_one',
      editorType: 'VISUAL',
      source: visualDocument([
        { type: 'blockRef', id: 'top', blockId: visualBlock.id },
        heading('title', 'Welcome'),
      ]),
    })
    expect(visualTemplate.status, JSON.stringify(visualTemplate.body)).toBe(201)
    expect(visualTemplate.body.html).toContain('Brand {{company}}')
    expect(visualTemplate.body.variables.map((variable: { path: string }) => variable.path)).toContain(
      'company',
    )

    const mjmlTemplate1 = await user.api.post(`/api/templates?${q}`, {
      name: 'mjml_one',
      editorType: 'MJML',
      source: mjmlTemplate(mjmlBlock.id),
    })
    expect(mjmlTemplate1.status, JSON.stringify(mjmlTemplate1.body)).toBe(201)
    expect(mjmlTemplate1.body.html).toContain('Header from block')
    expect(mjmlTemplate1.body.source).toContain(`<!-- block:${mjmlBlock.id} -->`)

    const htmlTemplate = await user.api.post(`/api/templates?${q}`, {
      name: 'html_one',
      editorType: 'HTML',
      source: `<html><body><p>Hi</p><!-- block:${htmlBlock.id} --></body></html>`,
    })
    expect(htmlTemplate.status).toBe(201)
    expect(htmlTemplate.body.html).toBe('<html><body><p>Hi</p><p>Footer</p></body></html>')

    // Wrong type and missing references: 400 template.invalid, nothing stored.
    const before = await orgState(orgId)
    const refused = [
      { name: 'w1', editorType: 'MJML', source: mjmlTemplate(htmlBlock.id) },
      { name: 'w2', editorType: 'HTML', source: `<p><!-- block:01ARZ3NDEKTSV4RRFFQ69G5FAV --></p>` },
      {
        name: 'w3',
        editorType: 'VISUAL',
        source: visualDocument([{ type: 'blockRef', id: 'top', blockId: mjmlBlock.id }]),
      },
      {
        name: 'w4',
        editorType: 'VISUAL',
        source: visualDocument([{ type: 'blockRef', id: 'top', blockId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }]),
      },
    ]
    for (const body of refused) {
      const answer = await user.api.post(`/api/templates?${q}`, body)
      expect(answer.status, body.name).toBe(400)
      expect(answer.body.error.code).toBe('template.invalid')
      expect(answer.body.error.issues.length).toBeGreaterThan(0)
    }
    const wrongType = await user.api.post(`/api/templates?${q}`, refused[0])
    expect(wrongType.body.error.issues[0]).toMatchObject({ rule: 'block.include', line: 3 })
    expect(await orgState(orgId)).toBe(before)

    // Where used, and delete refused with the templates.
    const copy = await user.api.post(`/api/templates/${mjmlTemplate1.body.id}`, { newName: 'mjml_two' })
    expect(copy.status).toBe(201)
    const used = await user.api.get(`/api/blocks/${mjmlBlock.id}?${q}`)
    expect(used.body.usedBy).toEqual([
      { templateId: mjmlTemplate1.body.id, name: 'mjml_one' },
      { templateId: copy.body.id, name: 'mjml_two' },
    ])
    const list = await user.api.get(`/api/blocks?${q}`)
    expect(list.body.items.find((block: { id: string }) => block.id === mjmlBlock.id).usedByCount).toBe(2)
    const inUse = await user.api.delete(`/api/blocks/${mjmlBlock.id}?${q}`)
    expect(inUse.status).toBe(409)
    expect(inUse.body.error).toMatchObject({
      code: 'block.in_use',
      templates: [
        { id: mjmlTemplate1.body.id, name: 'mjml_one' },
        { id: copy.body.id, name: 'mjml_two' },
      ],
    })
    expect((await user.api.get(`/api/blocks/${mjmlBlock.id}?${q}`)).status).toBe(200)

    // Dropping the tag and deleting the other template free the block.
    const saved = await user.api.patch(`/api/templates/${mjmlTemplate1.body.id}`, {
      version: 1,
      source: `<mjml><mj-body>${mjmlSection('No block')}</mj-body></mjml>`,
    })
    expect(saved.status).toBe(200)
    expect((await user.api.delete(`/api/templates/${copy.body.id}`)).status).toBe(204)
    expect((await user.api.get(`/api/blocks/${mjmlBlock.id}?${q}`)).body.usedBy).toEqual([])
    expect((await user.api.delete(`/api/blocks/${mjmlBlock.id}?${q}`)).status).toBe(204)
    // Restoring the version that used it: the block is gone, so the restore is refused.
    const restore = await user.api.post(`/api/templates/${mjmlTemplate1.body.id}/versions/1/restore`)
    expect(restore.status).toBe(400)
    expect(restore.body.error.code).toBe('template.invalid')
  })

  it('propagates a block edit to every template using it, and with the flag re-publishes the published ones', async () => {
    const { owner, orgId, awsAccountId, ses, q: sesQuery } = await orgWithAccount()
    const q = `organizationId=${orgId}`
    const block = await createBlock(owner, orgId, {
      name: 'header',
      editorType: 'MJML',
      source: mjmlSection('Header v1'),
    })
    const sample = { sampleData: [{ name: 'Default', data: { firstName: 'Maya' } }] }
    const one = await createTemplate(owner, orgId, 'uses_one', {
      editorType: 'MJML',
      source: mjmlTemplate(block.id),
      ...sample,
    })
    const two = await createTemplate(owner, orgId, 'uses_two', {
      editorType: 'MJML',
      source: mjmlTemplate(block.id),
      ...sample,
    })
    const other = await createTemplate(owner, orgId, 'no_block')
    const publish = await owner.api.patch(`/api/ses?${sesQuery}`, { templateIds: [one.id] })
    expect(publish.status).toBe(202)
    expect((await waitForJob(owner, orgId, publish.body.id)).status).toBe('succeeded')
    expect((await sesContent(ses, 'uses_one'))?.html).toContain('Header v1')

    // Without the flag: templates recompiled, SES untouched.
    const edit = await owner.api.patch(`/api/blocks/${block.id}?${q}`, {
      version: 1,
      source: mjmlSection('Header v2'),
    })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    expect(edit.body.block.version).toBe(2)
    expect(edit.body.job).toMatchObject({ kind: 'blocks.propagate', status: 'queued', counts: { total: 2 } })
    const job = await waitForJob(owner, orgId, edit.body.job.id)
    expect(job.status).toBe('succeeded')
    expect(job.items.map((item: { label: string; status: string }) => [item.label, item.status])).toEqual([
      ['uses_one', 'succeeded'],
      ['uses_two', 'succeeded'],
    ])
    for (const template of [one, two]) {
      const read = await owner.api.get(`/api/templates/${template.id}`)
      expect(read.body.version).toBe(2)
      expect(read.body.html).toContain('Header v2')
      expect(read.body.updatedBy.email).toBe(owner.email)
    }
    expect((await owner.api.get(`/api/templates/${other.id}`)).body.version).toBe(1)
    expect((await sesContent(ses, 'uses_one'))?.html).toContain('Header v1')

    // With the flag: the published one is re-published, the other stays unpublished.
    const synced = await owner.api.patch(`/api/blocks/${block.id}?${q}&syncTemplatesWithSes=true`, {
      version: 2,
      source: mjmlSection('Header v3'),
    })
    expect(synced.status).toBe(200)
    expect((await waitForJob(owner, orgId, synced.body.job.id)).status).toBe('succeeded')
    const current = await owner.api.get(`/api/templates/${one.id}`)
    expect(current.body.version).toBe(3)
    expect(await sesContent(ses, 'uses_one')).toEqual({
      subject: current.body.subject,
      html: current.body.html,
      text: current.body.textPart,
    })
    expect(await sesContent(ses, 'uses_two')).toBeNull()
    const overview = await owner.api.get(`/api/ses?organizationId=${orgId}&awsAccountId=${awsAccountId}`)
    expect(overview.status).toBe(200)
    // Each propagation is reported once, with its counts, made by the member who edited the block.
    const propagated = await eventItemsOf(orgId, 'block.propagated')
    expect(propagated.map((item) => item.payload)).toEqual(
      expect.arrayContaining([
        {
          blockId: block.id,
          jobId: edit.body.job.id,
          status: 'succeeded',
          counts: { total: 2, done: 2, succeeded: 2, failed: 0 },
          republished: false,
        },
        {
          blockId: block.id,
          jobId: synced.body.job.id,
          status: 'succeeded',
          counts: { total: 2, done: 2, succeeded: 2, failed: 0 },
          republished: true,
        },
      ]),
    )
    expect(propagated).toHaveLength(2)
    expect(propagated[0]).toMatchObject({ actor: { type: 'user', accountId: owner.sub } })

    // A name-only change starts no job.
    const renamed = await owner.api.patch(`/api/blocks/${block.id}?${q}`, { version: 3, name: 'header2' })
    expect(renamed.body.job).toBeNull()
  })

  it('answers 404 to another organization and refuses START organizations', async () => {
    const { user, orgId } = await teamOrg()
    const block = await createBlock(user, orgId, { name: 'mine', editorType: 'HTML', source: '<p>x</p>' })
    const stranger = await teamOrg()
    const theirs = `organizationId=${stranger.orgId}`
    expect((await stranger.user.api.get(`/api/blocks/${block.id}?${theirs}`)).status).toBe(404)
    expect((await stranger.user.api.get(`/api/blocks/${block.id}?organizationId=${orgId}`)).status).toBe(404)
    expect(
      (await stranger.user.api.patch(`/api/blocks/${block.id}?${theirs}`, { version: 1, name: 'x' })).status,
    ).toBe(404)
    expect((await stranger.user.api.delete(`/api/blocks/${block.id}?${theirs}`)).status).toBe(404)
    expect((await stranger.user.api.post(`/api/blocks/${block.id}?${theirs}`, { newName: 'x' })).status).toBe(
      404,
    )
    expect((await stranger.user.api.get(`/api/blocks?${theirs}`)).body.items).toEqual([])
    // A template of the other organization cannot use the block.
    const foreign = await stranger.user.api.post(`/api/templates?${theirs}`, {
      name: 'steal',
      editorType: 'HTML',
      source: `<p><!-- block:${block.id} --></p>`,
    })
    expect(foreign.status).toBe(400)
    expect(foreign.body.error.code).toBe('template.invalid')

    await setSubscription(orgId, 'START', 'active')
    const locked = await user.api.get(`/api/blocks?organizationId=${orgId}`)
    expect(locked.status).toBe(403)
    expect(locked.body.error.code).toBe('plan.feature_locked')
    const lockedCreate = await user.api.post(`/api/blocks?organizationId=${orgId}`, {
      name: 'y',
      editorType: 'HTML',
      source: '<p>y</p>',
    })
    expect(lockedCreate.status).toBe(403)
  })
})
