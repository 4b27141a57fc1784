import {
  CreateContactListCommand,
  CreateEmailTemplateCommand,
  GetAccountCommand,
  GetEmailTemplateCommand,
  SESv2Client,
  SendEmailCommand,
} from '@aws-sdk/client-sesv2'
import { afterAll, describe, expect, it } from 'vitest'
import { injectLocalStack } from '../../testing/inject-local-stack'
import { waitForMail } from '../../testing/mailbox'
import { uniqueEmail } from '../../testing/unique-email'

const stack = injectLocalStack()
const ses = new SESv2Client({
  region: stack.region,
  endpoint: stack.sesEndpoint,
  credentials: { ...stack.credentials },
})
afterAll(() => ses.destroy())

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

describe('passed through to aws-ses-v2-local', () => {
  it('delivers SendEmail to the local mailbox', async () => {
    const to = uniqueEmail('mail')
    const since = Math.floor(Date.now() / 1000)
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: stack.mailFrom,
        Destination: { ToAddresses: [to] },
        Content: {
          Simple: {
            Subject: { Data: 'Hello from the gateway' },
            Body: { Html: { Data: '<p>Hi</p>' }, Text: { Data: 'Hi' } },
          },
        },
      }),
    )
    const mail = await waitForMail(stack, { to, subjectIncludes: 'Hello', since })
    expect(mail).toMatchObject({ subject: 'Hello from the gateway', html: '<p>Hi</p>', text: 'Hi' })
    expect(mail.to).toEqual([to])
  })

  it('keeps templates, and answers a missing one with NotFoundException', async () => {
    const name = `template-${Date.now()}`
    await ses.send(
      new CreateEmailTemplateCommand({
        TemplateName: name,
        TemplateContent: { Subject: 'Hi {{name}}', Html: '<p>{{name}}</p>', Text: '{{name}}' },
      }),
    )
    const { TemplateContent } = await ses.send(new GetEmailTemplateCommand({ TemplateName: name }))
    expect(TemplateContent?.Subject).toBe('Hi {{name}}')
    expect(
      (await failure(ses.send(new GetEmailTemplateCommand({ TemplateName: `${name}-missing` })))).name,
    ).toBe('NotFoundException')
  })

  it('turns the stand-in’s errors into SES’s shape', async () => {
    const refused = await failure(
      ses.send(
        new SendEmailCommand({
          Destination: { ToAddresses: [uniqueEmail()] },
          Content: { Simple: { Subject: { Data: 'x' }, Body: { Text: { Data: 'x' } } } },
        }),
      ),
    )
    expect(refused).toEqual({
      name: 'BadRequestException',
      message: 'Must have a from email address.',
      status: 400,
    })
  })
})

describe('answered by the gateway', () => {
  it('reports the local account as out of the sandbox with quotas', async () => {
    const account = await ses.send(new GetAccountCommand({}))
    expect(account.ProductionAccessEnabled).toBe(true)
    expect(account.SendingEnabled).toBe(true)
    expect(account.SendQuota?.MaxSendRate).toBeGreaterThan(0)
  })

  it('answers an operation it does not implement yet with a named SES error, not the stand-in’s 404', async () => {
    const refused = await failure(ses.send(new CreateContactListCommand({ ContactListName: 'news' })))
    expect(refused).toEqual({
      name: 'BadRequestException',
      message: 'CreateContactList is not available in the local SES gateway yet.',
      status: 400,
    })
  })

  it('answers an unknown path with UnknownOperationException', async () => {
    const response = await fetch(`${stack.sesEndpoint}/v2/email/nothing`, { method: 'POST' })
    expect(response.status).toBe(404)
    expect(response.headers.get('x-amzn-errortype')).toBe('UnknownOperationException')
    expect(await response.json()).toHaveProperty('message')
  })

  it('serves the mailbox viewer at its root', async () => {
    const response = await fetch(stack.mailboxUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
  })
})
