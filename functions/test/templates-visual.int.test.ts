import { type VisualDocument, visualDocumentSource } from '@app/contracts'
import { STARTERS } from '@app/email'
import { createLocalCustomerAccount, verifyLocalIdentity } from '@app/local-stack/testing/local-aws'
import { describe, expect, it } from 'vitest'
import { button, documentOf, heading, orgState, padding, paragraph } from './fixtures'
import { setSubscription } from './seed'
import { newUser, stack, uniqueEmail, waitForMail } from './stack'

type User = Awaited<ReturnType<typeof newUser>>

async function owner(plan: 'START' | 'TEAM_MONTHLY' = 'TEAM_MONTHLY') {
  const user = await newUser()
  const orgId: string = (await user.api.get('/api/account')).body.selectedOrganization
  if (plan === 'START') await user.api.patch(`/api/organizations/${orgId}`, { plan: 'START' })
  else await setSubscription(orgId, plan, 'active')
  return { user, orgId }
}

const create = (user: User, orgId: string, body: Record<string, unknown>) =>
  user.api.post(`/api/templates?organizationId=${orgId}`, body)

const canonical = (value: unknown) => visualDocumentSource(value as VisualDocument)
const blank = documentOf([])
const sample = [{ name: 'Default', data: { firstName: 'Maya' } }]

describe('templates: VISUAL', () => {
  it('creates from each starter as a VISUAL document: compiled HTML, no lint errors, the canonical source', {
    timeout: 60_000,
  }, async () => {
    const { user, orgId } = await owner()
    for (const starter of STARTERS) {
      const created = await create(user, orgId, {
        name: `visual-${starter.id}`,
        starter: starter.id,
        editorType: 'VISUAL',
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      expect(created.body.editorType).toBe('VISUAL')
      expect(created.body.source).toBe(visualDocumentSource(starter.visual))
      expect(created.body.html).toContain('<!doctype html>')
      expect(
        created.body.lint.filter((finding: { severity: string }) => finding.severity === 'error'),
      ).toEqual([])
      expect(created.body.variables.length).toBeGreaterThan(0)
    }
    const asHtml = await create(user, orgId, {
      name: 'starter-as-html',
      starter: 'welcome',
      editorType: 'HTML',
    })
    expect(asHtml.status, JSON.stringify(asHtml.body)).toBe(201)
    expect(asHtml.body.source).toMatch(/^<!doctype html>/)
    const alone = await create(user, orgId, { name: 'starter-alone', starter: 'welcome' })
    expect(alone.body.editorType).toBe('MJML')
    expect(alone.body.source).toMatch(/^<mjml/)
  })

  it('creates blank documents, stores compact JSON canonically, and saves a changed document as a new version', async () => {
    const { user, orgId } = await owner()
    const empty = await create(user, orgId, {
      name: 'blank',
      editorType: 'VISUAL',
      subject: 'Blank',
      source: canonical(blank),
    })
    expect(empty.status, JSON.stringify(empty.body)).toBe(201)
    expect(empty.body.source).toBe(canonical(blank))

    const compact = JSON.stringify(
      documentOf([
        heading('title', 'Hi {{firstName}}'),
        { ...button('cta', 'https://acme.example'), backgroundColor: '#1D4ED8' },
      ]),
    )
    const created = await create(user, orgId, {
      name: 'compact',
      editorType: 'VISUAL',
      subject: 'Hi {{firstName}}',
      source: compact,
      sampleData: sample,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.source).not.toBe(compact)
    expect(created.body.source).toBe(canonical(JSON.parse(compact)))
    expect(created.body.source).toContain('"backgroundColor": "#1d4ed8"')
    expect(created.body.html).toContain('Hi {{firstName}}')

    const saved = await user.api.patch(`/api/templates/${created.body.id}`, {
      version: 1,
      source: canonical(
        documentOf([heading('title', 'Hi {{firstName}}'), paragraph('intro', 'Your plan: {{plan}}')]),
      ),
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.version).toBe(2)
    expect(saved.body.html).toContain('Your plan: {{plan}}')
    expect(saved.body.html).not.toBe(created.body.html)
    expect(saved.body.variables.map((variable: { path: string }) => variable.path)).toEqual(
      expect.arrayContaining(['firstName', 'plan']),
    )
    expect(saved.body.lint).toContainEqual(
      expect.objectContaining({ rule: 'variables.no_sample', blockId: 'intro' }),
    )
  })

  const invalid: [string, string, { path?: string; blockId?: string }][] = [
    ['not JSON', '{"version": 1,', { path: '' }],
    [
      'a bad colour',
      JSON.stringify(documentOf([{ ...button('cta', 'https://a.example'), textColor: 'white' }])),
      { path: 'blocks.0.textColor', blockId: 'cta' },
    ],
    [
      'a javascript: href',
      JSON.stringify(documentOf([button('cta', 'javascript:alert(1)')])),
      { path: 'blocks.0.href', blockId: 'cta' },
    ],
    [
      'duplicate ids',
      JSON.stringify(documentOf([heading('same', 'a'), heading('same', 'b')])),
      { path: 'blocks' },
    ],
    [
      'an unknown block type',
      JSON.stringify(documentOf([{ type: 'video', id: 'v' }])),
      { path: 'blocks.0.type' },
    ],
    [
      'nested columns',
      JSON.stringify(
        documentOf([
          {
            type: 'columns',
            id: 'row',
            backgroundColor: null,
            padding,
            columns: [
              {
                id: 'col',
                width: 100,
                blocks: [{ type: 'columns', id: 'inner', backgroundColor: null, padding, columns: [] }],
              },
            ],
          },
        ]),
      ),
      { blockId: 'inner' },
    ],
    [
      'a missing reusable block',
      JSON.stringify(documentOf([{ type: 'blockRef', id: 'footer', blockId: '01HZX3K5V6W7X8Y9Z0A1B2C3D4' }])),
      { path: 'blocks.0', blockId: 'footer' },
    ],
    ['an extra field', JSON.stringify({ ...blank, theme: 'dark' }), { path: '' }],
  ]

  it('refuses invalid documents with 400 template.invalid, their path and block, and changes nothing', {
    timeout: 60_000,
  }, async () => {
    const { user, orgId } = await owner('START')
    const template = await create(user, orgId, {
      name: 'kept',
      editorType: 'VISUAL',
      subject: 'x',
      source: canonical(blank),
    })
    expect(template.status, JSON.stringify(template.body)).toBe(201)
    const before = await orgState(orgId)
    for (const [index, [what, source, where]] of invalid.entries()) {
      const created = await create(user, orgId, {
        name: `bad-${index}`,
        editorType: 'VISUAL',
        subject: 'x',
        source,
      })
      expect(created.status, what).toBe(400)
      expect(created.body.error.code, what).toBe('template.invalid')
      const issue = created.body.error.issues[0]
      expect(issue.rule, what).toBe('visual.invalid')
      expect(issue, what).toMatchObject(where)
      if (where.path !== undefined) expect(typeof issue.path, what).toBe('string')

      const saved = await user.api.patch(`/api/templates/${template.body.id}`, { version: 1, source })
      expect(saved.status, what).toBe(400)
      expect(saved.body.error.issues[0], what).toMatchObject(where)
    }
    expect(await orgState(orgId)).toBe(before)
    expect((await user.api.get(`/api/templates/${template.body.id}`)).body.version).toBe(1)
  })

  it('converts a VISUAL template to MJML by PATCH, diffs its versions and restores the document', async () => {
    const { user, orgId } = await owner()
    const first = canonical(documentOf([heading('title', 'First {{firstName}}')]))
    const created = await create(user, orgId, {
      name: 'convert',
      editorType: 'VISUAL',
      subject: 'Hi',
      source: first,
      sampleData: sample,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { visualToMjml } = await import('@app/email')
    const mjml = visualToMjml(JSON.parse(first)).mjml.replace('First', 'Second')
    const converted = await user.api.patch(`/api/templates/${created.body.id}`, {
      version: 1,
      editorType: 'MJML',
      source: mjml,
    })
    expect(converted.status, JSON.stringify(converted.body)).toBe(200)
    expect(converted.body).toMatchObject({ editorType: 'MJML', version: 2, source: mjml })
    expect(converted.body.html).toContain('Second {{firstName}}')

    const diff = await user.api.get(`/api/templates/${created.body.id}/diff?from=1&to=2`)
    expect(diff.status, JSON.stringify(diff.body)).toBe(200)
    expect(diff.body.parts.map((part: { part: string }) => part.part)).toContain('html')

    const restored = await user.api.post(`/api/templates/${created.body.id}/versions/1/restore`)
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    expect(restored.body).toMatchObject({ editorType: 'VISUAL', version: 3, source: first })
    expect(restored.body.html).toContain('First {{firstName}}')
  })

  it('sends a VISUAL test, compiled server-side, with its variables substituted by SES', {
    timeout: 60_000,
  }, async () => {
    const { user, orgId } = await owner('START')
    const account = await createLocalCustomerAccount(stack)
    const connected = await user.api.post(`/api/aws-accounts?organizationId=${orgId}`, {
      method: 'keys',
      name: 'Test',
      region: 'us-east-1',
      accessKeyId: account.accessKeyId,
      secretAccessKey: account.secretAccessKey,
    })
    expect(connected.status, JSON.stringify(connected.body)).toBe(201)
    const sender = uniqueEmail()
    const recipient = uniqueEmail()
    for (const identity of [sender, recipient]) {
      await user.api.post('/api/email-identities', {
        awsAccountId: connected.body.id,
        type: 'EMAIL_ADDRESS',
        email: identity,
      })
      await verifyLocalIdentity(stack, { accountId: account.accountId, region: 'us-east-1', identity })
    }
    const send = (content: string, subject: string) =>
      user.api.post('/api/templates/tests', {
        email: recipient,
        contentType: 'VISUAL',
        content,
        subject,
        organizationId: orgId,
        awsAccountId: connected.body.id,
        from: sender,
        sampleData: { firstName: 'Maya' },
      })
    const sent = await send(
      JSON.stringify(documentOf([paragraph('intro', 'Hello {{firstName}} from the visual editor')])),
      'Visual test for {{firstName}}',
    )
    expect(sent.status, JSON.stringify(sent.body)).toBe(201)
    const mail = await waitForMail(stack, { to: recipient, subjectIncludes: 'Visual test for Maya' })
    expect(mail.html).toContain('Hello Maya from the visual editor')
    expect(mail.html).not.toContain('{{firstName}}')
    expect(mail.html).not.toContain('<mj-')
    expect(mail.text).toContain('Hello Maya from the visual editor')

    const broken = await send(JSON.stringify(documentOf([button('cta', 'javascript:x')])), 'x')
    expect(broken.status).toBe(400)
    expect(broken.body.error.issues[0]).toMatchObject({ rule: 'visual.invalid', blockId: 'cta' })
  })
})
