import {
  CreateEmailTemplateCommand,
  PutEmailIdentityConfigurationSetAttributesCommand,
  PutSuppressedDestinationCommand,
  SendBulkEmailCommand,
  SendEmailCommand,
} from '@aws-sdk/client-sesv2'
import { afterAll, describe, expect, it } from 'vitest'
import { injectLocalStack } from '../../testing/inject-local-stack'
import { simulateLocalSesEngagement } from '../../testing/local-aws'
import { eventsFor, monitored } from '../../testing/ses-monitoring'

const stack = injectLocalStack()
const cleanup: (() => unknown)[] = []
afterAll(async () => {
  for (const step of cleanup) await step()
})

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const eventTypes = (events: Record<string, unknown>[]) => events.map((event) => event.eventType)

describe('SES event publishing to SNS', () => {
  it('publishes Send, then Delivery, with SES’s mail object and tags', async () => {
    const account = await monitored(stack, cleanup)
    const to = `reader@${account.domain}`
    const { MessageId } = await account.ses.send(
      new SendEmailCommand({
        FromEmailAddress: `News <${account.sender}>`,
        Destination: { ToAddresses: [to] },
        Content: {
          Simple: {
            Subject: { Data: 'Weekly news' },
            Body: { Text: { Data: 'Hi' }, Html: { Data: '<p>Hi</p>' } },
          },
        },
        ConfigurationSetName: account.setName,
        EmailTags: [{ Name: 'campaign', Value: 'weekly' }],
      }),
    )
    const events = await eventsFor(account.endpoint, MessageId, 2)
    expect(eventTypes(events)).toEqual(['Send', 'Delivery'])
    const [send, delivery] = events
    expect(send?.send).toEqual({})
    expect(send?.mail).toEqual({
      timestamp: expect.stringMatching(/Z$/),
      source: `News <${account.sender}>`,
      sourceArn: `arn:aws:ses:${stack.region}:${account.keys.accountId}:identity/${account.domain}`,
      sendingAccountId: account.keys.accountId,
      messageId: MessageId,
      destination: [to],
      headersTruncated: false,
      headers: expect.arrayContaining([
        { name: 'From', value: `News <${account.sender}>` },
        { name: 'To', value: to },
        { name: 'Subject', value: 'Weekly news' },
      ]),
      commonHeaders: {
        from: [`News <${account.sender}>`],
        to: [to],
        messageId: MessageId,
        subject: 'Weekly news',
      },
      tags: {
        'ses:configuration-set': [account.setName],
        'ses:source-ip': [expect.any(String)],
        'ses:from-domain': [account.domain],
        'ses:caller-identity': [account.keys.userName],
        campaign: ['weekly'],
      },
    })
    expect(delivery?.delivery).toMatchObject({
      recipients: [to],
      smtpResponse: '250 2.6.0 Message received',
      processingTimeMillis: expect.any(Number),
      reportingMTA: expect.any(String),
    })
    expect(delivery?.mail).toEqual(send?.mail)
    const notification = account.endpoint.messages.find((message) => message.body.Type === 'Notification')
    expect(notification?.headers['x-amz-sns-topic-arn']).toBe(account.topicArn)
    expect(notification?.body.Subject).toBeUndefined()
  })

  it('plays the mailbox simulator and the suppression list', async () => {
    const account = await monitored(stack, cleanup)
    const send = async (to: string) =>
      (
        await account.ses.send(
          new SendEmailCommand({
            FromEmailAddress: account.sender,
            Destination: { ToAddresses: [to] },
            Content: { Simple: { Subject: { Data: 'Hi' }, Body: { Text: { Data: 'Hi' } } } },
            ConfigurationSetName: account.setName,
          }),
        )
      ).MessageId

    const bounced = await eventsFor(account.endpoint, await send('bounce@simulator.amazonses.com'), 2)
    expect(eventTypes(bounced)).toEqual(['Send', 'Bounce'])
    expect(bounced[1]?.bounce).toMatchObject({
      bounceType: 'Permanent',
      bounceSubType: 'General',
      bouncedRecipients: [
        {
          emailAddress: 'bounce@simulator.amazonses.com',
          action: 'failed',
          status: '5.1.1',
          diagnosticCode: 'smtp; 550 5.1.1 user unknown',
        },
      ],
      feedbackId: expect.any(String),
    })

    const complained = await eventsFor(account.endpoint, await send('complaint@simulator.amazonses.com'), 3)
    expect(eventTypes(complained)).toEqual(['Send', 'Delivery', 'Complaint'])
    expect(complained[2]?.complaint).toMatchObject({
      complainedRecipients: [{ emailAddress: 'complaint@simulator.amazonses.com' }],
      complaintFeedbackType: 'abuse',
    })

    expect(
      eventTypes(await eventsFor(account.endpoint, await send('ooto@simulator.amazonses.com'), 2)),
    ).toEqual(['Send', 'Delivery'])
    const listed = await eventsFor(account.endpoint, await send('suppressionlist@simulator.amazonses.com'), 2)
    expect(listed[1]?.bounce).toMatchObject({ bounceSubType: 'OnAccountSuppressionList' })

    const suppressed = `gone@${account.domain}`
    await account.ses.send(
      new PutSuppressedDestinationCommand({ EmailAddress: suppressed, Reason: 'BOUNCE' }),
    )
    const onList = await eventsFor(account.endpoint, await send(suppressed), 2)
    expect(eventTypes(onList)).toEqual(['Send', 'Bounce'])
    expect(onList[1]?.bounce).toMatchObject({
      bounceSubType: 'OnAccountSuppressionList',
      bouncedRecipients: [expect.objectContaining({ emailAddress: suppressed })],
    })
  })

  it('publishes nothing without a configuration set, for a disabled destination, or before confirmation', async () => {
    const simple = {
      Destination: { ToAddresses: ['success@simulator.amazonses.com'] },
      Content: { Simple: { Subject: { Data: 'Hi' }, Body: { Text: { Data: 'Hi' } } } },
    }
    const plain = await monitored(stack, cleanup)
    await plain.ses.send(new SendEmailCommand({ ...simple, FromEmailAddress: plain.sender }))
    const disabled = await monitored(stack, cleanup, { enabled: false })
    await disabled.ses.send(
      new SendEmailCommand({
        ...simple,
        FromEmailAddress: disabled.sender,
        ConfigurationSetName: disabled.setName,
      }),
    )
    const unconfirmed = await monitored(stack, cleanup, { confirm: false })
    await unconfirmed.ses.send(
      new SendEmailCommand({
        ...simple,
        FromEmailAddress: unconfirmed.sender,
        ConfigurationSetName: unconfirmed.setName,
      }),
    )
    const bouncesOnly = await monitored(stack, cleanup, { types: ['BOUNCE'] })
    const { MessageId } = await bouncesOnly.ses.send(
      new SendEmailCommand({
        FromEmailAddress: bouncesOnly.sender,
        Destination: { ToAddresses: ['success@simulator.amazonses.com', 'bounce@simulator.amazonses.com'] },
        Content: simple.Content,
        ConfigurationSetName: bouncesOnly.setName,
      }),
    )
    const [bounce] = await eventsFor(bouncesOnly.endpoint, MessageId, 1)
    expect(bounce?.eventType).toBe('Bounce')
    await pause(600)
    for (const account of [plain, disabled, unconfirmed])
      expect(account.endpoint.messages.filter((message) => message.body.Type === 'Notification')).toEqual([])
    expect(eventTypes(await eventsFor(bouncesOnly.endpoint, MessageId, 1))).toEqual(['Bounce'])
  })

  it('uses the sending identity’s default configuration set', async () => {
    const account = await monitored(stack, cleanup)
    await account.ses.send(
      new PutEmailIdentityConfigurationSetAttributesCommand({
        EmailIdentity: account.domain,
        ConfigurationSetName: account.setName,
      }),
    )
    const { MessageId } = await account.ses.send(
      new SendEmailCommand({
        FromEmailAddress: account.sender,
        Destination: { ToAddresses: ['success@simulator.amazonses.com'] },
        Content: { Simple: { Subject: { Data: 'Hi' }, Body: { Text: { Data: 'Hi' } } } },
      }),
    )
    const [send] = await eventsFor(account.endpoint, MessageId, 1)
    expect(send?.mail).toMatchObject({ tags: { 'ses:configuration-set': [account.setName] } })
  })

  it('publishes templated and bulk sends with the rendered subject and each entry’s tags', async () => {
    const account = await monitored(stack, cleanup)
    await account.ses.send(
      new CreateEmailTemplateCommand({
        TemplateName: 'welcome',
        TemplateContent: { Subject: 'Welcome, {{name}}', Text: 'Hello {{name}}' },
      }),
    )
    const single = await account.ses.send(
      new SendEmailCommand({
        FromEmailAddress: account.sender,
        Destination: { ToAddresses: ['success@simulator.amazonses.com'] },
        Content: { Template: { TemplateName: 'welcome', TemplateData: '{"name":"Ada"}' } },
        ConfigurationSetName: account.setName,
      }),
    )
    const [send] = await eventsFor(account.endpoint, single.MessageId, 1)
    expect(send?.mail).toMatchObject({ commonHeaders: { subject: 'Welcome, Ada' } })

    const bulk = await account.ses.send(
      new SendBulkEmailCommand({
        FromEmailAddress: account.sender,
        DefaultContent: { Template: { TemplateName: 'welcome', TemplateData: '{"name":"you"}' } },
        DefaultEmailTags: [{ Name: 'campaign', Value: 'launch' }],
        BulkEmailEntries: [
          {
            Destination: { ToAddresses: ['success+1@simulator.amazonses.com'] },
            ReplacementEmailContent: { ReplacementTemplate: { ReplacementTemplateData: '{"name":"Grace"}' } },
            ReplacementTags: [{ Name: 'contact', Value: 'c1' }],
          },
          { Destination: { ToAddresses: ['bounce+2@simulator.amazonses.com'] } },
        ],
        ConfigurationSetName: account.setName,
      }),
    )
    const [first, second] = bulk.BulkEmailEntryResults ?? []
    const firstEvents = await eventsFor(account.endpoint, first?.MessageId, 2)
    expect(eventTypes(firstEvents)).toEqual(['Send', 'Delivery'])
    expect(firstEvents[0]?.mail).toMatchObject({
      destination: ['success+1@simulator.amazonses.com'],
      commonHeaders: { subject: 'Welcome, Grace' },
      tags: { campaign: ['launch'], contact: ['c1'] },
    })
    expect(eventTypes(await eventsFor(account.endpoint, second?.MessageId, 2))).toEqual(['Send', 'Bounce'])
  })

  it('simulates opens and clicks of a sent message', async () => {
    const account = await monitored(stack, cleanup)
    const { MessageId } = await account.ses.send(
      new SendEmailCommand({
        FromEmailAddress: account.sender,
        Destination: { ToAddresses: ['success@simulator.amazonses.com'] },
        Content: {
          Simple: { Subject: { Data: 'Hi' }, Body: { Html: { Data: '<a href="https://x.test">x</a>' } } },
        },
        ConfigurationSetName: account.setName,
      }),
    )
    await eventsFor(account.endpoint, MessageId, 2)
    const messageId = MessageId ?? ''
    expect(await simulateLocalSesEngagement(stack, { messageId, type: 'OPEN' })).toEqual({
      messageId,
      eventType: 'Open',
      topics: 1,
    })
    await simulateLocalSesEngagement(stack, {
      messageId,
      type: 'CLICK',
      link: 'https://x.test/',
      linkTags: { cta: ['hero'] },
    })
    const events = await eventsFor(account.endpoint, MessageId, 4)
    expect(eventTypes(events)).toEqual(['Send', 'Delivery', 'Open', 'Click'])
    expect(events[2]?.open).toEqual({
      timestamp: expect.any(String),
      userAgent: expect.any(String),
      ipAddress: expect.any(String),
    })
    expect(events[3]?.click).toMatchObject({ link: 'https://x.test/', linkTags: { cta: ['hero'] } })
    await expect(simulateLocalSesEngagement(stack, { messageId: 'ses-000', type: 'OPEN' })).rejects.toThrow(
      /404/,
    )
  })
})
