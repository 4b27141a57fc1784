import {
  CreateConfigurationSetCommand,
  CreateConfigurationSetEventDestinationCommand,
  CreateEmailIdentityCommand,
  CreateEmailTemplateCommand,
  DeleteConfigurationSetEventDestinationCommand,
  DeleteEmailIdentityCommand,
  DeleteEmailTemplateCommand,
  GetAccountCommand,
  GetConfigurationSetEventDestinationsCommand,
  GetEmailIdentityCommand,
  GetEmailTemplateCommand,
  ListEmailIdentitiesCommand,
  ListEmailTemplatesCommand,
  ListSuppressedDestinationsCommand,
  PutAccountDetailsCommand,
  PutEmailIdentityMailFromAttributesCommand,
  PutSuppressedDestinationCommand,
  SESv2Client,
  SendBulkEmailCommand,
  SendEmailCommand,
} from '@aws-sdk/client-sesv2'
import { afterAll, describe, expect, it } from 'vitest'
import { injectLocalStack } from '../../testing/inject-local-stack'
import {
  createLocalCustomerAccount,
  grantProductionAccess,
  type LocalAwsKeys,
  localAwsClientConfig,
  localSesSendCalls,
  setLocalAwsThrottle,
  updateLocalSesAccount,
  verifyLocalIdentity,
} from '../../testing/local-aws'
import { waitForMail } from '../../testing/mailbox'
import { uniqueEmail } from '../../testing/unique-email'

const stack = injectLocalStack()
const clients: SESv2Client[] = []
afterAll(() => {
  for (const client of clients) client.destroy()
})

/**
 * A fresh customer account with its own SES client (no retries: we want to see each answer). These tests make
 * more control-plane calls than SES allows per second, so the account's throttle is off (limits.int.test has it on).
 */
async function customer(): Promise<{ keys: LocalAwsKeys; ses: SESv2Client }> {
  const keys = await createLocalCustomerAccount(stack)
  await setLocalAwsThrottle(stack, { accountId: keys.accountId, enabled: false })
  const ses = new SESv2Client({ ...localAwsClientConfig(stack, keys), maxAttempts: 1 })
  clients.push(ses)
  return { keys, ses }
}

async function failure(
  promise: Promise<unknown>,
): Promise<{ name: string; message: string; status?: number }> {
  try {
    await promise
  } catch (error) {
    const { name, message, $metadata } = error as Error & { $metadata?: { httpStatusCode?: number } }
    return { name, message, status: $metadata?.httpStatusCode }
  }
  throw new Error('expected the call to fail')
}

const simple = (from: string, to: string[], subject = 'Hello') =>
  new SendEmailCommand({
    FromEmailAddress: from,
    Destination: { ToAddresses: to },
    Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: 'Hi' } } } },
  })

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('email identities', () => {
  it('mails a verification link for an address; the link verifies it', async () => {
    const { ses } = await customer()
    const address = uniqueEmail('sender')
    const since = Math.floor(Date.now() / 1000)
    const created = await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: address }))
    expect(created).toMatchObject({ IdentityType: 'EMAIL_ADDRESS', VerifiedForSendingStatus: false })
    expect((await ses.send(new GetEmailIdentityCommand({ EmailIdentity: address }))).VerificationStatus).toBe(
      'PENDING',
    )

    const mail = await waitForMail(stack, {
      to: address,
      subjectIncludes: 'Email Address Verification Request',
      since,
    })
    expect(mail.from).toContain('no-reply-aws@amazon.com')
    const link = /https?:\/\/\S+verify-email\?token=[\w-]+/.exec(mail.text ?? '')?.[0]
    expect(link).toBeDefined()
    const page = await fetch(link ?? '')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('successfully verified')
    const identity = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: address }))
    expect(identity).toMatchObject({ VerificationStatus: 'SUCCESS', VerifiedForSendingStatus: true })
    expect((await fetch(link ?? '')).status).toBe(404)
  })

  it('gives a domain three DKIM tokens, lists with paging, sets MAIL FROM, deletes', async () => {
    const { keys, ses } = await customer()
    const domain = `d${Date.now()}.example.com`
    const created = await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: domain }))
    expect(created.IdentityType).toBe('DOMAIN')
    expect(created.DkimAttributes?.Tokens).toHaveLength(3)
    expect(created.DkimAttributes?.Status).toBe('PENDING')
    expect((await failure(ses.send(new CreateEmailIdentityCommand({ EmailIdentity: domain })))).name).toBe(
      'AlreadyExistsException',
    )

    await ses.send(
      new PutEmailIdentityMailFromAttributesCommand({
        EmailIdentity: domain,
        MailFromDomain: `mail.${domain}`,
      }),
    )
    expect(
      (
        await failure(
          ses.send(
            new PutEmailIdentityMailFromAttributesCommand({
              EmailIdentity: domain,
              MailFromDomain: 'other.org',
            }),
          ),
        )
      ).name,
    ).toBe('BadRequestException')
    await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: domain })
    const verified = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: domain }))
    expect(verified).toMatchObject({
      VerificationStatus: 'SUCCESS',
      DkimAttributes: { Status: 'SUCCESS' },
      MailFromAttributes: { MailFromDomain: `mail.${domain}`, MailFromDomainStatus: 'SUCCESS' },
    })

    for (const name of ['a', 'b'])
      await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: `${name}.${domain}` }))
    const first = await ses.send(new ListEmailIdentitiesCommand({ PageSize: 2 }))
    expect(first.EmailIdentities).toHaveLength(2)
    expect(first.NextToken).toBeDefined()
    const second = await ses.send(new ListEmailIdentitiesCommand({ PageSize: 2, NextToken: first.NextToken }))
    expect(second.EmailIdentities?.map((identity) => identity.IdentityName)).toEqual([`b.${domain}`])
    expect(second.NextToken).toBeUndefined()

    await ses.send(new DeleteEmailIdentityCommand({ EmailIdentity: domain }))
    expect(await failure(ses.send(new GetEmailIdentityCommand({ EmailIdentity: domain })))).toEqual({
      name: 'NotFoundException',
      message: `Email identity ${domain} does not exist.`,
      status: 404,
    })
  })

  it('keeps each account’s identities, templates and suppression list to itself', async () => {
    const one = await customer()
    const two = await customer()
    const domain = `isolated${Date.now()}.example.com`
    await one.ses.send(new CreateEmailIdentityCommand({ EmailIdentity: domain }))
    await one.ses.send(
      new CreateEmailTemplateCommand({
        TemplateName: 'welcome',
        TemplateContent: { Subject: 'One', Text: 'x' },
      }),
    )
    await one.ses.send(
      new PutSuppressedDestinationCommand({ EmailAddress: 'gone@example.com', Reason: 'BOUNCE' }),
    )
    expect((await two.ses.send(new ListEmailIdentitiesCommand({}))).EmailIdentities).toEqual([])
    expect((await failure(two.ses.send(new GetEmailIdentityCommand({ EmailIdentity: domain })))).name).toBe(
      'NotFoundException',
    )
    expect((await failure(two.ses.send(new GetEmailTemplateCommand({ TemplateName: 'welcome' })))).name).toBe(
      'NotFoundException',
    )
    await two.ses.send(
      new CreateEmailTemplateCommand({
        TemplateName: 'welcome',
        TemplateContent: { Subject: 'Two', Text: 'y' },
      }),
    )
    expect(
      (await one.ses.send(new GetEmailTemplateCommand({ TemplateName: 'welcome' }))).TemplateContent?.Subject,
    ).toBe('One')
    const suppressed = await one.ses.send(new ListSuppressedDestinationsCommand({}))
    expect(suppressed.SuppressedDestinationSummaries?.map((entry) => entry.EmailAddress)).toEqual([
      'gone@example.com',
    ])
    expect(
      (await two.ses.send(new ListSuppressedDestinationsCommand({}))).SuppressedDestinationSummaries,
    ).toEqual([])
  })

  it('stores templates named like built-in object keys as any other name', async () => {
    const { ses } = await customer()
    expect((await failure(ses.send(new GetEmailTemplateCommand({ TemplateName: 'constructor' })))).name).toBe(
      'NotFoundException',
    )
    for (const name of ['constructor', '__proto__', 'toString']) {
      await ses.send(
        new CreateEmailTemplateCommand({ TemplateName: name, TemplateContent: { Subject: name, Text: 'x' } }),
      )
      const stored = await ses.send(new GetEmailTemplateCommand({ TemplateName: name }))
      expect(stored.TemplateContent?.Subject).toBe(name)
    }
    const listed = await ses.send(new ListEmailTemplatesCommand({ PageSize: 10 }))
    expect(listed.TemplatesMetadata?.map((template) => template.TemplateName)).toEqual([
      'constructor',
      '__proto__',
      'toString',
    ])
    await ses.send(new DeleteEmailTemplateCommand({ TemplateName: '__proto__' }))
    expect((await failure(ses.send(new GetEmailTemplateCommand({ TemplateName: '__proto__' })))).name).toBe(
      'NotFoundException',
    )
  })
})

describe('sending from a customer account', () => {
  it('in the sandbox, refuses unverified senders and recipients in SES’s words, then delivers', async () => {
    const { keys, ses } = await customer()
    const from = uniqueEmail('from')
    const to = uniqueEmail('to')
    expect(await failure(ses.send(simple(from, [to])))).toEqual({
      name: 'MessageRejected',
      message: `Email address is not verified. The following identities failed the check in region US-EAST-1: ${from}`,
      status: 400,
    })
    await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: from }))
    await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: from })
    expect((await failure(ses.send(simple(from, [to])))).message).toBe(
      `Email address is not verified. The following identities failed the check in region US-EAST-1: ${to}`,
    )
    await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: to }))
    await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: to })
    const since = Math.floor(Date.now() / 1000)
    const sent = await ses.send(simple(`Sender <${from}>`, [to], 'Sandbox hello'))
    expect(sent.MessageId).toBeDefined()
    expect((await waitForMail(stack, { to, subjectIncludes: 'Sandbox hello', since })).from).toContain(from)
    expect((await ses.send(new GetAccountCommand({}))).SendQuota?.SentLast24Hours).toBe(1)
  })

  it('enforces MaxSendRate per second and the daily quota, and a paused account', async () => {
    const { keys, ses } = await customer()
    const domain = `rate${Date.now()}.example.com`
    await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: domain }))
    await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: domain })
    const from = `news@${domain}`
    await ses.send(simple(from, [`a@${domain}`]))
    expect(await failure(ses.send(simple(from, [`b@${domain}`])))).toEqual({
      name: 'TooManyRequestsException',
      message: 'Maximum sending rate exceeded.',
      status: 429,
    })
    await pause(1100)
    await ses.send(simple(from, [`b@${domain}`]))
    // Each call is logged with what SES refused for the rate (the throttled share a bench counts).
    expect(
      (await localSesSendCalls(stack, { accountId: keys.accountId })).map((call) => [
        call.destinations,
        call.throttled,
        call.error,
      ]),
    ).toEqual([
      [1, 0, undefined],
      [1, 1, 'TooManyRequestsException'],
      [1, 0, undefined],
    ])

    await updateLocalSesAccount(stack, keys.accountId, { max24HourSend: 3 })
    await pause(1100)
    expect(await failure(ses.send(simple(from, [`c@${domain}`, `d@${domain}`])))).toEqual({
      name: 'LimitExceededException',
      message: 'Daily message quota exceeded.',
      status: 400,
    })

    await updateLocalSesAccount(stack, keys.accountId, { sendingEnabled: false, max24HourSend: 200 })
    expect((await failure(ses.send(simple(from, [`c@${domain}`])))).name).toBe('SendingPausedException')
  })

  it('sends bulk mail with a status per destination and the account’s own template', async () => {
    const { keys, ses } = await customer()
    const domain = `bulk${Date.now()}.example.com`
    await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: domain }))
    await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: domain })
    await ses.send(
      new CreateEmailTemplateCommand({
        TemplateName: 'news',
        TemplateContent: { Subject: 'News for {{name}}', Text: 'Hello {{name}}' },
      }),
    )
    const since = Math.floor(Date.now() / 1000)
    const { BulkEmailEntryResults } = await ses.send(
      new SendBulkEmailCommand({
        FromEmailAddress: `news@${domain}`,
        DefaultContent: { Template: { TemplateName: 'news', TemplateData: '{"name":"you"}' } },
        BulkEmailEntries: [
          { Destination: { ToAddresses: [`ok@${domain}`] } },
          { Destination: { ToAddresses: ['stranger@example.org'] } },
          { Destination: { ToAddresses: [`late@${domain}`] } },
        ],
      }),
    )
    expect(BulkEmailEntryResults?.map((result) => result.Status)).toEqual([
      'SUCCESS',
      'MESSAGE_REJECTED',
      'ACCOUNT_THROTTLED',
    ])
    expect(await localSesSendCalls(stack, { accountId: keys.accountId })).toMatchObject([
      { operation: 'SendBulkEmail', destinations: 3, throttled: 1 },
    ])
    expect((await waitForMail(stack, { to: `ok@${domain}`, since })).subject).toBe('News for you')

    await grantProductionAccess(stack, keys.accountId)
    const account = await ses.send(new GetAccountCommand({}))
    expect(account).toMatchObject({
      ProductionAccessEnabled: true,
      SendQuota: { Max24HourSend: 50_000, MaxSendRate: 14 },
    })
    await ses.send(simple(`news@${domain}`, [uniqueEmail('anyone')]))
  })
})

describe('account details and configuration sets', () => {
  it('records a production-access request as a pending review', async () => {
    const { ses } = await customer()
    await ses.send(
      new PutAccountDetailsCommand({
        MailType: 'MARKETING',
        WebsiteURL: 'https://example.com',
        ContactLanguage: 'EN',
        UseCaseDescription: 'Monthly newsletter to subscribers who opted in.',
        AdditionalContactEmailAddresses: ['ops@example.com'],
        ProductionAccessEnabled: true,
      }),
    )
    const { Details, ProductionAccessEnabled } = await ses.send(new GetAccountCommand({}))
    expect(ProductionAccessEnabled).toBe(false)
    expect(Details).toMatchObject({
      MailType: 'MARKETING',
      WebsiteURL: 'https://example.com',
      ReviewDetails: { Status: 'PENDING' },
    })
    expect(Details?.ReviewDetails?.CaseId).toMatch(/^\d+$/)
    expect(
      (await failure(ses.send(new PutAccountDetailsCommand({ MailType: 'SPAM' as never, WebsiteURL: 'x' }))))
        .name,
    ).toBe('BadRequestException')
  })

  it('stores configuration sets and their SNS event destinations', async () => {
    const { keys, ses } = await customer()
    await ses.send(new CreateConfigurationSetCommand({ ConfigurationSetName: 'ses-studio-monitoring' }))
    const TopicArn = `arn:aws:sns:us-east-1:${keys.accountId}:ses-studio-events`
    await ses.send(
      new CreateConfigurationSetEventDestinationCommand({
        ConfigurationSetName: 'ses-studio-monitoring',
        EventDestinationName: 'to-ses-studio',
        EventDestination: {
          Enabled: true,
          MatchingEventTypes: ['SEND', 'DELIVERY'],
          SnsDestination: { TopicArn },
        },
      }),
    )
    const { EventDestinations } = await ses.send(
      new GetConfigurationSetEventDestinationsCommand({ ConfigurationSetName: 'ses-studio-monitoring' }),
    )
    expect(EventDestinations).toEqual([
      {
        Name: 'to-ses-studio',
        Enabled: true,
        MatchingEventTypes: ['SEND', 'DELIVERY'],
        SnsDestination: { TopicArn },
      },
    ])
    await ses.send(
      new DeleteConfigurationSetEventDestinationCommand({
        ConfigurationSetName: 'ses-studio-monitoring',
        EventDestinationName: 'to-ses-studio',
      }),
    )
    expect(
      (
        await failure(
          ses.send(new CreateConfigurationSetCommand({ ConfigurationSetName: 'ses-studio-monitoring' })),
        )
      ).name,
    ).toBe('AlreadyExistsException')
    const domain = `sets${Date.now()}.example.com`
    await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: domain }))
    await verifyLocalIdentity(stack, { accountId: keys.accountId, identity: domain })
    const unknownSet = await failure(
      ses.send(
        new SendEmailCommand({
          FromEmailAddress: `x@${domain}`,
          ConfigurationSetName: 'nope',
          Destination: { ToAddresses: [`y@${domain}`] },
          Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'x' } } } },
        }),
      ),
    )
    expect(unknownSet).toMatchObject({
      name: 'NotFoundException',
      message: 'Configuration set nope does not exist.',
    })
  })
})
