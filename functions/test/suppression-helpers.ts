import { randomUUID } from 'node:crypto'
import { SES_EVENTS_PATH } from '@app/contracts'
import { suppressionOf as readSuppression } from '@app/core/audience/public'
import { signLocalSnsMessage, verifyLocalIdentity } from '@app/local-stack/testing/local-aws'
import { expect } from 'vitest'
import { orgWithAccount } from './ses-sync-helpers'
import { stack } from './stack'

export type MonitoredOrg = Awaited<ReturnType<typeof monitoredOrg>>

/** The organization's suppression entry for an address (core's, which outlives the contact). */
export const suppressionOf = (orgId: string, email: string) => readSuppression(orgId, email)

export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
): Promise<T> {
  const until = Date.now() + 20_000
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** A Team organization with a verified AWS account whose SES monitoring is on and confirmed. */
export async function monitoredOrg() {
  const setup = await orgWithAccount()
  // A verified sender, so test sends go out (and the simulator's bounce and complaint come back).
  await verifyLocalIdentity(stack, { accountId: setup.keys.accountId, identity: 'team@example.com' })
  const enabled = await setup.owner.api.post(`/api/aws-accounts/${setup.awsAccountId}/enable-monitoring`, {
    organizationId: setup.orgId,
  })
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200)
  const account = await waitFor(
    async () =>
      (await setup.owner.api.get(`/api/aws-accounts?organizationId=${setup.orgId}`)).body.items.find(
        (item: { id: string }) => item.id === setup.awsAccountId,
      ),
    (item) => item?.monitoring?.state === 'ACTIVE',
    'the SNS subscription to be confirmed',
  )
  return { ...setup, topicArn: account.monitoring.topicArn as string }
}

/** Posts one SES event to the events endpoint as SNS would (signed by the local SNS); `snsMessageId` to redeliver. */
export async function postSesEvent(
  org: MonitoredOrg,
  event: {
    eventType: string
    messageId?: string
    recipient: string
    body: Record<string, unknown>
    tags?: Record<string, string[]>
  },
  snsMessageId: string = randomUUID(),
) {
  const messageId = event.messageId ?? randomUUID()
  const signed = await signLocalSnsMessage(stack, {
    Type: 'Notification',
    MessageId: snsMessageId,
    TopicArn: org.topicArn,
    Timestamp: new Date().toISOString(),
    Message: JSON.stringify({
      eventType: event.eventType,
      mail: {
        timestamp: new Date().toISOString(),
        messageId,
        source: 'team@example.com',
        destination: [event.recipient],
        tags: event.tags ?? {},
      },
      ...event.body,
    }),
  })
  const answer = await fetch(`${stack.apiUrl}${SES_EVENTS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain; charset=UTF-8' },
    body: signed,
  })
  expect(answer.status, await answer.clone().text()).toBe(204)
  return { messageId, snsMessageId }
}

export const softBounce = (recipient: string, messageId?: string) => ({
  eventType: 'Bounce',
  recipient,
  ...(messageId ? { messageId } : {}),
  body: {
    bounce: {
      bounceType: 'Transient',
      bounceSubType: 'MailboxFull',
      timestamp: new Date().toISOString(),
      bouncedRecipients: [{ emailAddress: recipient, diagnosticCode: 'smtp; 452 4.2.2 mailbox full' }],
    },
  },
})

export const delivery = (recipient: string) => ({
  eventType: 'Delivery',
  recipient,
  body: {
    delivery: { timestamp: new Date().toISOString(), recipients: [recipient], smtpResponse: '250 ok' },
  },
})
