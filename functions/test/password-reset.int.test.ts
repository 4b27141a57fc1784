import { listMail } from '@app/local-stack/testing/mailbox'
import { describe, expect, it } from 'vitest'
import { anonymous, newUser, signIn, signUp, stack, tokenFromMail, uniqueEmail, waitForMail } from './stack'

const NEW_PASSWORD = 'Brand-New-Pass9'

async function resetThroughMail(email: string) {
  const since = Math.floor(Date.now() / 1000) - 1
  const requested = await anonymous().post('/api/auth/password-resets', { email })
  expect(requested.status).toBe(202)
  const mail = await waitForMail(stack, { to: email, subjectIncludes: 'Reset your', since })
  return tokenFromMail(mail.html, '/auth/reset-password')
}

describe('password reset', () => {
  it('works for a user who never verified the address, and verifies it', async () => {
    const user = await newUser()
    expect((await user.api.get('/api/account')).body.emailVerified).toBe(false)
    const token = await resetThroughMail(user.email)

    expect(
      (await anonymous().post('/api/auth/password-resets/confirm', { token, password: NEW_PASSWORD })).status,
    ).toBe(204)
    await expect(signIn(stack, { email: user.email, password: user.password })).rejects.toThrow()
    const again = await signIn(stack, { email: user.email, password: NEW_PASSWORD })
    expect(again.idToken).toBeTruthy()
    expect((await user.api.get('/api/account')).body.emailVerified).toBe(true)
  })

  it('works for a verified user', async () => {
    const user = await newUser()
    const verification = await waitForMail(stack, { to: user.email, subjectIncludes: 'Verify your email' })
    const verifyToken = tokenFromMail(verification.html, '/auth/verify-email')
    await anonymous().post('/api/auth/email-verifications/confirm', { token: verifyToken })

    const token = await resetThroughMail(user.email)
    expect(
      (await anonymous().post('/api/auth/password-resets/confirm', { token, password: NEW_PASSWORD })).status,
    ).toBe(204)
    expect((await signIn(stack, { email: user.email, password: NEW_PASSWORD })).idToken).toBeTruthy()
  })

  it('works before the account record exists (sign-up only)', async () => {
    const user = await signUp(stack, { email: uniqueEmail() })
    const token = await resetThroughMail(user.email)
    expect(
      (await anonymous().post('/api/auth/password-resets/confirm', { token, password: NEW_PASSWORD })).status,
    ).toBe(204)
    expect((await signIn(stack, { email: user.email, password: NEW_PASSWORD })).idToken).toBeTruthy()
  })

  it('uses a link only once', async () => {
    const user = await newUser()
    const token = await resetThroughMail(user.email)
    await anonymous().post('/api/auth/password-resets/confirm', { token, password: NEW_PASSWORD })
    const reused = await anonymous().post('/api/auth/password-resets/confirm', {
      token,
      password: 'Another-Pass9',
    })
    expect(reused.status).toBe(400)
    expect(reused.body.error.code).toBe('auth.invalid_token')
    expect((await signIn(stack, { email: user.email, password: NEW_PASSWORD })).idToken).toBeTruthy()
  })

  it('refuses a weak password without spending the link', async () => {
    const user = await newUser()
    const token = await resetThroughMail(user.email)
    const weak = await anonymous().post('/api/auth/password-resets/confirm', { token, password: 'weak' })
    expect(weak.status).toBe(400)
    expect(weak.body.error).toMatchObject({ code: 'request.invalid' })
    expect(weak.body.error.message).toMatch(/at least 8 characters/)
    expect(
      (await anonymous().post('/api/auth/password-resets/confirm', { token, password: NEW_PASSWORD })).status,
    ).toBe(204)
  })

  it('answers the same for unknown addresses and sends nothing', async () => {
    const email = uniqueEmail()
    const since = Math.floor(Date.now() / 1000) - 1
    expect((await anonymous().post('/api/auth/password-resets', { email })).status).toBe(202)
    await expect(waitForMail(stack, { to: email, since, timeoutMs: 1500 })).rejects.toThrow()
  })

  it('sends at most one reset mail a minute per address', async () => {
    const user = await newUser()
    await resetThroughMail(user.email)
    expect((await anonymous().post('/api/auth/password-resets', { email: user.email })).status).toBe(202)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const resets = (await listMail(stack)).filter(
      (mail) => mail.to.includes(user.email) && mail.subject.includes('Reset your'),
    )
    expect(resets).toHaveLength(1)
  })

  it('rejects bad input with 400', async () => {
    for (const [path, body] of [
      ['/api/auth/password-resets', { email: 'nope' }],
      ['/api/auth/password-resets', { email: 'a@b.co', extra: 1 }],
      ['/api/auth/password-resets/confirm', { token: 'short', password: NEW_PASSWORD }],
      ['/api/auth/email-verifications/confirm', {}],
    ] as const) {
      const result = await anonymous().post(path, body)
      expect(result.status, path).toBe(400)
      expect(result.body.error.code).toBe('request.invalid')
    }
    const unknownToken = await anonymous().post('/api/auth/password-resets/confirm', {
      token: 'A'.repeat(43),
      password: NEW_PASSWORD,
    })
    expect(unknownToken.body.error.code).toBe('auth.invalid_token')
  })
})
