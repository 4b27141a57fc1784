import { CreateEmailTemplateCommand, SendBulkEmailCommand, SendEmailCommand } from '@aws-sdk/client-sesv2'
import { afterAll, describe, expect, it } from 'vitest'
import { injectLocalStack } from '../../testing/inject-local-stack'
import { injectLocalAwsFault, localSesAccepted } from '../../testing/local-aws'
import { listMail, waitForMail } from '../../testing/mailbox'
import { eventsFor, type Monitored, monitored } from '../../testing/ses-monitoring'

/** What a campaign send needs of SES, checked against SES's documented behaviour (SES v2 API reference). */
const stack = injectLocalStack()
const cleanup: (() => unknown)[] = []
afterAll(async () => {
  for (const step of cleanup) await step()
})

const eventTypes = (events: Record<string, unknown>[]) => events.map((event) => event.eventType)

async function withTemplate(account: Monitored, name: string) {
  await account.ses.send(
    new CreateEmailTemplateCommand({
      TemplateName: name,
      TemplateContent: {
        Subject: 'Hello {{name}}',
        Html: '<p>{{name}} at {{company}}</p>',
        Text: '{{name}} at {{company}}',
      },
    }),
  )
}

/** The raw message the mailbox delivered (headers as the recipient sees them). */
async function rawMail(messageId: string): Promise<string> {
  const response = await fetch(`${stack.aws.gatewayUrl}/get-emlContent?messageId=${messageId}`)
  const { body } = (await response.json()) as { body: { data: number[] } }
  return Buffer.from(body.data).toString('utf8')
}

describe('SES for campaign sends', () => {
  it('accepts a message and then drops it, with a Rendering Failure event, when the data lacks a variable', async () => {
    const account = await monitored(stack, cleanup)
    await withTemplate(account, 'newsletter')
    const since = Date.now()
    const complete = `complete-${since}@example.com`
    const lacking = `lacking-${since}@example.com`
    const bulk = await account.ses.send(
      new SendBulkEmailCommand({
        FromEmailAddress: account.sender,
        DefaultContent: { Template: { TemplateName: 'newsletter', TemplateData: '{"name":"friend"}' } },
        BulkEmailEntries: [
          {
            Destination: { ToAddresses: [complete] },
            ReplacementEmailContent: {
              ReplacementTemplate: { ReplacementTemplateData: '{"company":"Acme"}' },
            },
          },
          { Destination: { ToAddresses: [lacking] } },
        ],
        ConfigurationSetName: account.setName,
      }),
    )
    // SES answers SUCCESS for both: the rendering happens after it accepted the request.
    const [sent, dropped] = bulk.BulkEmailEntryResults ?? []
    expect([sent?.Status, dropped?.Status]).toEqual(['SUCCESS', 'SUCCESS'])
    expect(dropped?.MessageId).toBeTruthy()
    const [failure] = await eventsFor(account.endpoint, dropped?.MessageId, 1)
    expect(failure).toMatchObject({
      eventType: 'Rendering Failure',
      failure: {
        errorMessage: "Attribute 'company' is not present in the rendering data.",
        templateName: 'newsletter',
      },
      mail: { messageId: dropped?.MessageId, destination: [lacking] },
    })
    expect(eventTypes(await eventsFor(account.endpoint, sent?.MessageId, 2))).toEqual(['Send', 'Delivery'])
    expect((await waitForMail(stack, { to: complete, since: since / 1000 - 1 })).text).toBe('friend at Acme')
    // Delivery of the complete one has happened; the dropped one never reaches a mailbox, and gets no Send.
    expect((await listMail(stack, since / 1000 - 1)).some((mail) => mail.to.includes(lacking))).toBe(false)
    expect(eventTypes(await eventsFor(account.endpoint, dropped?.MessageId, 1))).toEqual([
      'Rendering Failure',
    ])

    const single = await account.ses.send(
      new SendEmailCommand({
        FromEmailAddress: account.sender,
        Destination: { ToAddresses: [lacking] },
        Content: { Template: { TemplateName: 'newsletter', TemplateData: '{"company":"Acme"}' } },
        ConfigurationSetName: account.setName,
      }),
    )
    const [singleFailure] = await eventsFor(account.endpoint, single.MessageId, 1)
    expect(singleFailure).toMatchObject({
      eventType: 'Rendering Failure',
      failure: { errorMessage: "Attribute 'name' is not present in the rendering data." },
    })
    const accepted = await localSesAccepted(stack, { accountId: account.keys.accountId, since })
    expect(
      accepted.filter((message) => message.renderingFailure).map((message) => message.messageId),
    ).toEqual([dropped?.MessageId, single.MessageId])
  })

  it('gives each entry its own replacement headers over the template’s, and its tags over the defaults', async () => {
    const account = await monitored(stack, cleanup)
    await withTemplate(account, 'headers')
    const since = Date.now()
    const to = (n: number) => `reader${n}-${since}@example.com`
    const bulk = await account.ses.send(
      new SendBulkEmailCommand({
        FromEmailAddress: account.sender,
        DefaultContent: {
          Template: {
            TemplateName: 'headers',
            TemplateData: '{"name":"you","company":"Acme"}',
            Headers: [
              { Name: 'List-Unsubscribe', Value: '<https://example.com/u/default>' },
              { Name: 'X-Campaign', Value: 'spring' },
            ],
          },
        },
        DefaultEmailTags: [{ Name: 'campaign', Value: 'c-spring' }],
        BulkEmailEntries: [1, 2].map((n) => ({
          Destination: { ToAddresses: [to(n)] },
          ReplacementHeaders: [
            { Name: 'List-Unsubscribe', Value: `<https://example.com/u/${n}>` },
            { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
          ],
          ReplacementTags: [{ Name: 'contact', Value: `contact-${n}` }],
        })),
        ConfigurationSetName: account.setName,
      }),
    )
    const ids = (bulk.BulkEmailEntryResults ?? []).map((result) => result.MessageId ?? '')
    for (const [index, id] of ids.entries()) {
      const raw = await rawMail(id)
      expect(raw).toContain(`List-Unsubscribe: <https://example.com/u/${index + 1}>`)
      expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
      expect(raw).toContain('X-Campaign: spring')
      expect(raw).not.toContain('/u/default')
      const [send] = await eventsFor(account.endpoint, id, 1)
      expect(send?.mail).toMatchObject({
        tags: { campaign: ['c-spring'], contact: [`contact-${index + 1}`] },
      })
    }
    const accepted = await localSesAccepted(stack, {
      accountId: account.keys.accountId,
      since,
      tag: ['contact', 'contact-2'],
    })
    expect(accepted).toHaveLength(1)
    expect(accepted[0]).toMatchObject({
      messageId: ids[1],
      recipients: [to(2)],
      operation: 'SendBulkEmail',
      tags: { campaign: 'c-spring', contact: 'contact-2' },
    })
    expect(accepted[0]?.at).toBeGreaterThanOrEqual(since)
  })

  it('accepts and delivers, then loses the answer (a 5xx, or no answer at all)', async () => {
    const account = await monitored(stack, cleanup)
    const accountId = account.keys.accountId
    const since = Date.now()
    const send = (to: string) =>
      account.ses.send(
        new SendBulkEmailCommand({
          FromEmailAddress: account.sender,
          DefaultContent: {
            Template: {
              TemplateContent: { Subject: 'Hi', Text: 'Hello {{name}}' },
              TemplateData: '{"name":"x"}',
            },
          },
          BulkEmailEntries: [{ Destination: { ToAddresses: [to] } }],
          ConfigurationSetName: account.setName,
        }),
      )
    await injectLocalAwsFault(stack, {
      accountId,
      operation: 'SendBulkEmail',
      error: 'InternalFailure',
      status: 500,
      after: true,
    })
    const lostTo = `lost-${since}@example.com`
    await expect(send(lostTo)).rejects.toMatchObject({ $metadata: { httpStatusCode: 500 } })
    const resetTo = `reset-${since}@example.com`
    await injectLocalAwsFault(stack, {
      accountId,
      operation: 'SendBulkEmail',
      error: 'Timeout',
      reset: true,
      after: true,
    })
    const reset = await send(resetTo).catch((error: unknown) => error)
    expect(reset).toBeInstanceOf(Error)
    expect((reset as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode).toBeUndefined()

    // Both were accepted, delivered and published: only the caller does not know.
    for (const to of [lostTo, resetTo]) await waitForMail(stack, { to, since: since / 1000 - 1 })
    const accepted = await localSesAccepted(stack, { accountId, since })
    expect(accepted.map((message) => message.recipients)).toEqual([[lostTo], [resetTo]])
    const [first] = accepted
    expect(eventTypes(await eventsFor(account.endpoint, first?.messageId, 1))[0]).toBe('Send')
    // The fault is used up: the next call is answered.
    const next = await send(`after-${since}@example.com`)
    expect(next.BulkEmailEntryResults?.[0]?.Status).toBe('SUCCESS')
  })
})
