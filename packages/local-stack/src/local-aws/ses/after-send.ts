import type { LocalAwsContext } from '../context'
import type { Principal } from '../iam'
import type { SesAccountState } from '../state'
import type { AcceptedMessage } from './accept-log'
import { publishSendEvents } from './event-publishing'
import { outgoingMessages } from './outgoing-messages'
import type { RenderingFailure } from './rendering'

type Json = Record<string, unknown>

export interface SendDone {
  account: SesAccountState
  principal: Principal
  sourceIp: string
  operation: 'SendEmail' | 'SendBulkEmail'
  input: Json
  answer: Json
  now: number
  renderingFailures: Map<string, RenderingFailure>
}

/**
 * What follows a customer's accepted send: each accepted message goes in the accept log (with its accept time,
 * recipients and tags) and its events are published. A problem with the events is logged, never the caller's:
 * the mail is sent.
 */
export async function afterSend(context: LocalAwsContext, done: SendDone): Promise<void> {
  const messages = outgoingMessages(done.operation, done.input, done.answer)
  context.accepted.record(
    messages.map(
      (message): AcceptedMessage => ({
        accountId: done.account.accountId,
        region: done.account.region,
        messageId: message.messageId,
        at: done.now,
        operation: done.operation,
        recipients: [...message.to, ...message.cc, ...message.bcc],
        tags: Object.fromEntries(message.tags),
        ...(done.renderingFailures.has(message.messageId)
          ? { renderingFailure: done.renderingFailures.get(message.messageId)?.errorMessage }
          : {}),
      }),
    ),
  )
  await publishSendEvents(
    {
      state: context.state.data,
      deliveries: context.sns,
      upstreamUrl: context.upstreamUrl,
      log: context.log,
    },
    { ...done, messages },
  ).catch((error: unknown) => context.log(`local SES: event publishing failed: ${String(error)}`))
}
