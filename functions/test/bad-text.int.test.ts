import { describe, expect, it } from 'vitest'
import { BAD_TEXT, BAD_TEXT_CASES, expectRefused } from './bad-text'
import { customerOf, ownerWithOrganization, stripe } from './billing-flow'
import { orgState } from './fixtures'
import { createTemplate, orgWithAccount } from './ses-sync-helpers'
import { newUser } from './stack'

describe('bad text: account and organizations', () => {
  it('refuses controls, bidi overrides and lone surrogates in names, naming the field, and changes nothing', async () => {
    const user = await newUser()
    await user.api.patch('/api/account', { name: 'Maya Lopez' })
    const before = (await user.api.get('/api/account')).body
    const orgId = before.selectedOrganization as string
    await user.api.patch(`/api/organizations/${orgId}`, { name: 'Acme' })
    const orgBefore = await orgState(orgId)
    for (const [what, bad] of BAD_TEXT_CASES) {
      expectRefused(await user.api.patch('/api/account', { name: bad }), 'body.name', what)
      expectRefused(await user.api.post('/api/organizations', { name: bad }), 'body.name', what)
      expectRefused(await user.api.patch(`/api/organizations/${orgId}`, { name: bad }), 'body.name', what)
    }
    const after = (await user.api.get('/api/account')).body
    expect(after.name).toBe('Maya Lopez')
    expect(after.organizations.map((org: { name: string }) => org.name)).toEqual(['Acme'])
    expect(await orgState(orgId)).toBe(orgBefore)
  })
})

describe('bad text: AWS accounts', () => {
  it('refuses bad connection names on create and rename', async () => {
    const { owner, orgId, awsAccountId } = await orgWithAccount()
    const list = async () => (await owner.api.get(`/api/aws-accounts?organizationId=${orgId}`)).body.items
    const before = await list()
    for (const [what, bad] of BAD_TEXT_CASES) {
      const created = await owner.api.post(`/api/aws-accounts?organizationId=${orgId}`, {
        method: 'role',
        name: bad,
        region: 'us-east-1',
      })
      expectRefused(created, 'body.name', what)
      expectRefused(
        await owner.api.patch(`/api/aws-accounts/${awsAccountId}`, { name: bad }),
        'body.name',
        what,
      )
    }
    expect(await list()).toEqual(before)
  })
})

describe('bad text: billing details', () => {
  it('refuses bad company names and address lines before Stripe sees them; Stripe’s own words stay out', async () => {
    const { owner, orgId } = await ownerWithOrganization()
    const path = `/api/payments/billing?organizationId=${orgId}`
    const saved = await owner.api.patch(path, {
      companyName: 'Acme GmbH',
      address: { line1: 'Hauptstraße 1', city: 'Berlin', country: 'DE' },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    for (const [what, bad] of BAD_TEXT_CASES) {
      expectRefused(await owner.api.patch(path, { companyName: bad }), 'body.companyName', what)
      const address = { line1: 'Hauptstraße 1', city: 'Berlin', country: 'DE' }
      for (const field of ['line1', 'line2', 'city', 'postalCode', 'state'] as const) {
        const response = await owner.api.patch(path, { address: { ...address, [field]: bad } })
        expectRefused(response, `body.address.${field}`, what)
      }
    }
    // A lone surrogate used to reach Stripe's form encoder and answer 500.
    const surrogate = await owner.api.patch(path, { companyName: BAD_TEXT['lone high surrogate'] })
    expect(surrogate.status).toBe(400)

    // A value Stripe refuses: our message, naming our field, never Stripe's text.
    const refused = await owner.api.patch(path, { taxId: { type: 'eu_vat', value: '123' } })
    expect(refused.status, JSON.stringify(refused.body)).toBe(400)
    expect(refused.body.error).toEqual({
      code: 'request.invalid',
      message: 'body.taxId: The payment provider refused this value; check it and try again.',
    })
    expect(JSON.stringify(refused.body)).not.toMatch(/eu_vat|Invalid value/i)

    const after = await owner.api.get(path)
    expect(after.body.details).toEqual(saved.body.details)
    expect(await stripe().customers.retrieve((await customerOf(orgId)) ?? '')).toMatchObject({
      name: 'Acme GmbH',
      address: expect.objectContaining({ line1: 'Hauptstraße 1' }),
    })
  })
})

describe('bad text: templates, tags, sample data and test sends', () => {
  it('refuses bad subjects, tags, set names and sources, naming the field, and changes nothing', async () => {
    const { owner, orgId } = await orgWithAccount()
    const template = await createTemplate(owner, orgId, 'bad-text')
    const before = await orgState(orgId)
    const create = (extra: Record<string, unknown>) =>
      owner.api.post(`/api/templates?organizationId=${orgId}`, {
        name: 'bad-text-new',
        editorType: 'HTML',
        source: '<p>x</p>',
        ...extra,
      })
    const update = (extra: Record<string, unknown>) =>
      owner.api.patch(`/api/templates/${template.id}`, { version: template.version, ...extra })
    for (const [what, bad] of BAD_TEXT_CASES) {
      expectRefused(await create({ tags: ['ok', bad] }), 'body.tags.1', what)
      expectRefused(await update({ tags: [bad] }), 'body.tags.0', what)
      expectRefused(await update({ sampleData: [{ name: bad, data: {} }] }), 'body.sampleData.0.name', what)
      expectRefused(await create({ name: bad }), 'body.name', what)
      expectRefused(
        await owner.api.post(`/api/templates/${template.id}`, { newName: bad }),
        'body.newName',
        what,
      )
    }
    // The test send's subject follows the template subject's rule (it used to accept CR/LF).
    for (const bad of [
      BAD_TEXT.NUL,
      BAD_TEXT.ESC,
      BAD_TEXT['CR/LF'],
      BAD_TEXT.LF,
      BAD_TEXT['lone high surrogate'],
    ]) {
      const test = await owner.api.post('/api/templates/tests', {
        email: 'someone@example.com',
        content: '<p>Hi</p>',
        subject: `Hello ${bad}`,
        organizationId: orgId,
      })
      expectRefused(test, 'body.subject', JSON.stringify(bad))
    }
    // Subjects refuse what breaks a header line; direction marks stay allowed for right-to-left text.
    for (const bad of [BAD_TEXT.NUL, BAD_TEXT['CR/LF'], BAD_TEXT.LF, BAD_TEXT['lone low surrogate']]) {
      expectRefused(await update({ subject: bad }), 'body.subject', JSON.stringify(bad))
      expectRefused(await create({ subject: bad }), 'body.subject', JSON.stringify(bad))
    }
    for (const bad of [BAD_TEXT.NUL, BAD_TEXT.ESC, BAD_TEXT['lone high surrogate']]) {
      expectRefused(await update({ source: `<p>${bad}</p>` }), 'body.source', JSON.stringify(bad))
      expectRefused(
        await update({ text: { mode: 'custom', custom: `Hi ${bad}` } }),
        'body.text.custom',
        JSON.stringify(bad),
      )
    }
    expect(await orgState(orgId)).toBe(before)
    expect((await owner.api.get(`/api/templates/${template.id}`)).body).toMatchObject({
      version: template.version,
      subject: template.subject,
    })
  })

  it('refuses bad block names and sources', async () => {
    const { owner, orgId } = await orgWithAccount()
    const before = await orgState(orgId)
    for (const [what, bad] of BAD_TEXT_CASES) {
      const named = await owner.api.post(`/api/blocks?organizationId=${orgId}`, {
        name: bad,
        editorType: 'HTML',
        source: '<p>Footer</p>',
      })
      expectRefused(named, 'body.name', what)
    }
    const source = await owner.api.post(`/api/blocks?organizationId=${orgId}`, {
      name: 'Footer',
      editorType: 'HTML',
      source: `<p>${BAD_TEXT.NUL}</p>`,
    })
    expectRefused(source, 'body.source', 'NUL')
    expect(await orgState(orgId)).toBe(before)
  })
})
