import { Accounts } from '@app/core'
import { describe, expect, it } from 'vitest'
import { anonymous, newUser, stack, tokenFromMail, waitForMail } from './stack'

describe('account API', () => {
  it('creates the account with an unnamed organization it owns and selects, once', async () => {
    const user = await newUser({ createAccount: false })
    expect((await user.api.get('/api/account')).body.error.code).toBe('account.not_found')

    const created = await user.api.post('/api/account', { email: user.email })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      id: user.sub,
      email: user.email,
      emailVerified: false,
      picture: null,
      selectedAwsAccount: null,
      lastProductUpdateAt: null,
      hasAccessToPlatform: true,
    })
    expect(created.body.organizations).toEqual([
      {
        id: created.body.selectedOrganization,
        name: '',
        plan: null,
        subscriptionStatus: null,
        availableActions: null,
        role: 'OWNER',
        priceChangeNotice: null,
      },
    ])

    const again = await user.api.post('/api/account', { email: user.email })
    expect(again.status).toBe(201)
    expect(again.body.organizations.map((org: { id: string }) => org.id)).toEqual([
      created.body.selectedOrganization,
    ])
    expect((await user.api.get('/api/account')).body).toEqual(created.body)
  })

  it('creates one organization even when first sign-in calls race', async () => {
    const user = await newUser({ createAccount: false })
    const results = await Promise.all(
      Array.from({ length: 5 }, () => user.api.post('/api/account', { email: user.email })),
    )
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201, 201])
    expect((await user.api.get('/api/account')).body.organizations).toHaveLength(1)
  })

  it('refuses an email other than the signed-in one and creates nothing', async () => {
    const user = await newUser({ createAccount: false })
    const result = await user.api.post('/api/account', { email: `other-${user.email}` })
    expect(result.status).toBe(400)
    expect(result.body.error.code).toBe('account.email_mismatch')
    expect((await user.api.get('/api/account')).status).toBe(404)
  })

  it('updates name, picture and product-update marker', async () => {
    const user = await newUser()
    const result = await user.api.patch('/api/account', {
      name: 'Ada Lovelace',
      picture: 'https://example.com/ada.png',
      lastProductUpdateAt: '2026-11-01T00:00:00.000Z',
    })
    expect(result.status).toBe(200)
    expect(result.body).toMatchObject({
      name: 'Ada Lovelace',
      picture: 'https://example.com/ada.png',
      lastProductUpdateAt: '2026-11-01T00:00:00.000Z',
    })
    expect((await user.api.patch('/api/account', { picture: null })).body.picture).toBeNull()
  })

  it('selects only organizations the user belongs to', async () => {
    const user = await newUser()
    const other = await newUser()
    const second = await user.api.post('/api/organizations', { name: 'Second' })
    const selected = await user.api.patch('/api/account', { selectedOrganization: second.body.id })
    expect(selected.body.selectedOrganization).toBe(second.body.id)
    expect(selected.body.selectedAwsAccount).toBeNull()

    const foreign = (await other.api.get('/api/account')).body.selectedOrganization
    const refused = await user.api.patch('/api/account', { selectedOrganization: foreign })
    expect(refused.status).toBe(404)
    expect(refused.body.error.code).toBe('organization.not_found')
    expect((await user.api.get('/api/account')).body.selectedOrganization).toBe(second.body.id)
  })

  it('refuses an AWS account that is not in the organization', async () => {
    const user = await newUser()
    const result = await user.api.patch('/api/account', { selectedAwsAccount: '01JD0000000000000000000000' })
    expect(result.status).toBe(404)
    expect(result.body.error.code).toBe('aws_account.not_found')
  })

  it('rejects bad updates with 400 and changes nothing', async () => {
    const user = await newUser()
    const before = (await user.api.get('/api/account')).body
    for (const body of [
      {},
      { name: '' },
      { name: 42 },
      { picture: 'http://insecure.example.com/a.png' },
      { lastProductUpdateAt: 'yesterday' },
      { selectedOrganization: 'not-an-id' },
      { hasAccessToPlatform: true },
      { email: 'new@example.com' },
    ]) {
      const result = await user.api.patch('/api/account', body)
      expect(result.status, JSON.stringify(body)).toBe(400)
      expect(result.body.error.code).toBe('request.invalid')
    }
    expect(
      (
        await user.api.request('PATCH', '/api/account', {
          rawBody: '{"name":',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400)
    expect((await user.api.get('/api/account')).body).toEqual(before)
  })

  it('sends a verification mail whose link verifies the address once', async () => {
    const user = await newUser()
    const mail = await waitForMail(stack, { to: user.email, subjectIncludes: 'Verify your email' })
    const token = tokenFromMail(mail.html, '/auth/verify-email')

    expect((await anonymous().post('/api/auth/email-verifications/confirm', { token })).status).toBe(204)
    expect((await user.api.get('/api/account')).body.emailVerified).toBe(true)
    const reused = await anonymous().post('/api/auth/email-verifications/confirm', { token })
    expect(reused.status).toBe(400)
    expect(reused.body.error.code).toBe('auth.invalid_token')
  })

  it('lets a suspended account only read and delete itself', async () => {
    const user = await newUser()
    await Accounts.setPlatformAccess(user.sub, false)
    const account = await user.api.get('/api/account')
    expect(account.status).toBe(200)
    expect(account.body.hasAccessToPlatform).toBe(false)
    for (const refused of [
      await user.api.post('/api/organizations', { name: 'Nope' }),
      await user.api.patch('/api/account', { name: 'Nope' }),
      await user.api.patch(`/api/organizations/${account.body.selectedOrganization}`, { name: 'Nope' }),
    ]) {
      expect(refused.status).toBe(403)
      expect(refused.body.error.code).toBe('account.suspended')
    }
    expect((await user.api.get('/api/account')).body.organizations).toHaveLength(1)
    expect((await user.api.delete('/api/account')).status).toBe(204)
  })
})
