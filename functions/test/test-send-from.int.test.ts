import { createLocalCustomerAccount, verifyLocalIdentity } from '@app/local-stack/testing/local-aws'
import { listMail } from '@app/local-stack/testing/mailbox'
import { describe, expect, it } from 'vitest'
import { orgWithAccount } from './ses-sync-helpers'
import { stack, uniqueEmail, waitForMail } from './stack'

const nowSeconds = () => Math.floor(Date.now() / 1000)

describe('test sends: the chosen From', () => {
  it('sends from a verified address or an address at a verified domain, and refuses any other', {
    timeout: 60_000,
  }, async () => {
    const { owner, orgId, keys, awsAccountId } = await orgWithAccount()
    const sender = uniqueEmail('sender')
    const recipient = uniqueEmail('recipient')
    const domain = `${Date.now().toString(36)}.example.test`
    for (const identity of [sender, recipient, domain])
      await verifyLocalIdentity(stack, { accountId: keys.accountId, region: 'us-east-1', identity })
    // Added but never verified.
    const pending = uniqueEmail('pending')
    const added = await owner.api.post('/api/email-identities', {
      awsAccountId,
      type: 'EMAIL_ADDRESS',
      email: pending,
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    // Verified, but in another AWS account.
    const elsewhere = await createLocalCustomerAccount(stack)
    const foreign = uniqueEmail('foreign')
    await verifyLocalIdentity(stack, {
      accountId: elsewhere.accountId,
      region: 'us-east-1',
      identity: foreign,
    })

    const send = (from: string, subject: string) =>
      owner.api.post('/api/templates/tests', {
        email: recipient,
        content: '<p>Hello</p>',
        subject,
        organizationId: orgId,
        awsAccountId,
        from,
      })

    const since = nowSeconds()
    const fromAddress = await send(sender, 'From the address')
    expect(fromAddress.status, JSON.stringify(fromAddress.body)).toBe(201)
    expect(fromAddress.body).toMatchObject({ from: sender, to: recipient })
    expect(
      (await waitForMail(stack, { to: recipient, subjectIncludes: 'From the address', since })).from,
    ).toContain(sender)

    const atDomain = `news@${domain}`
    const fromDomain = await send(atDomain, 'From the domain')
    expect(fromDomain.status, JSON.stringify(fromDomain.body)).toBe(201)
    expect(
      (await waitForMail(stack, { to: recipient, subjectIncludes: 'From the domain', since })).from,
    ).toContain(atDomain)

    for (const from of [pending, foreign, 'someone@unverified.example', `news@not-${domain}`]) {
      const refused = await send(from, `Refused from ${from}`)
      expect(refused.status, from).toBe(409)
      expect(refused.body.error).toMatchObject({
        code: 'email_identity.not_verified',
        message: expect.stringContaining(`${from} is not a verified identity of this AWS account`),
      })
    }
    // No header injection: the address is one address.
    for (const from of [`${sender}\r\nBcc: ${foreign}`, `${sender}\nBcc: ${foreign}`, `Name <${sender}>`]) {
      const refused = await send(from, 'Injected')
      expect(refused.status, JSON.stringify(from)).toBe(400)
      expect(refused.body.error.message).toMatch(/^body\.from: /)
    }
    const refusedMail = (await listMail(stack, since)).filter(
      (mail) => mail.subject.startsWith('Refused from') || mail.subject === 'Injected',
    )
    expect(refusedMail).toEqual([])
  })
})
