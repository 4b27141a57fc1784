import type { IncomingMessage } from 'node:http'
import { type LocalAwsContext, verificationLink } from '../context'
import { isAllowed, type Principal } from '../iam'
import { AwsError, accessDenied, statusForCode } from '../protocol'
import { sendCallOf } from './accept-log'
import { sesAccount } from './account'
import { afterSend } from './after-send'
import { handleSes, SEND_OPERATIONS } from './handle-ses'
import type { RenderingFailure } from './rendering'

export interface SesCall {
  operation: string
  params: Record<string, string>
  url: URL
  input: Record<string, unknown>
  principal: Principal
  region: string
  now: number
}

/**
 * One authenticated SES v2 call: IAM, the control-plane throttle (sends are paced by the account's own rate
 * instead), the operation, then what a send sets off (the accept log, events, the mailbox) and the faults that
 * lose an answer after the work is done. The answer to send, or `lost` when the connection was cut instead.
 */
export async function answerSes(
  context: LocalAwsContext,
  request: IncomingMessage,
  { operation, params, url, input, principal, region, now }: SesCall,
): Promise<unknown> {
  const action = `ses:${operation}`
  if (!isAllowed(principal, action)) throw accessDenied('ses', principal.arn, action)
  const platform = principal.accountId === context.platformAccountId
  if (
    !platform &&
    !SEND_OPERATIONS.has(operation) &&
    !context.throttle.take(principal.accountId, region, now)
  )
    throw new AwsError(429, 'TooManyRequestsException', 'Too Many Requests')
  const account = sesAccount(context.state.data, principal.accountId, region, platform)
  const renderingFailures = new Map<string, RenderingFailure>()
  const sending = !platform && (operation === 'SendEmail' || operation === 'SendBulkEmail')
  const call = {
    accountId: account.accountId,
    region: account.region,
    at: now,
    operation: operation as 'SendEmail' | 'SendBulkEmail',
  }
  const answer = await handleSes(
    { upstreamUrl: context.upstreamUrl, verificationLink: (token) => verificationLink(context, token) },
    { operation, params, query: url.searchParams, input, account, platform, now, renderingFailures },
  ).catch((error: unknown) => {
    if (sending && error instanceof AwsError)
      context.accepted.recordCall(sendCallOf(call, input, { error: error.code }))
    throw error
  })
  if (sending) context.accepted.recordCall(sendCallOf(call, input, { answer }))
  if (sending)
    await afterSend(context, {
      account,
      principal,
      sourceIp: (request.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
      operation,
      input,
      answer: answer as Record<string, unknown>,
      now,
      renderingFailures,
    })
  context.state.save()
  const lost = context.faults.take([principal.accountId], 'ses', operation, true)
  if (lost) {
    // Carried out, and the answer is lost on its way back.
    if (lost.delayMs) await new Promise((resolve) => setTimeout(resolve, lost.delayMs))
    if (lost.reset) {
      request.socket.destroy()
      return 'lost'
    }
    throw new AwsError(
      lost.status ?? statusForCode(lost.error),
      lost.error,
      lost.message ?? `Injected ${lost.error}`,
    )
  }
  return answer
}
