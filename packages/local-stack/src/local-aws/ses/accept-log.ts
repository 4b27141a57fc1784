/** One message SES accepted from a customer account, with the time it was accepted (what quotas count). */
export interface AcceptedMessage {
  accountId: string
  region: string
  messageId: string
  /** Epoch ms: the moment the send counted against MaxSendRate and the daily quota. */
  at: number
  operation: 'SendEmail' | 'SendBulkEmail'
  /** Every envelope recipient (To, Cc, Bcc): SES's limits count these. */
  recipients: string[]
  /** The message's tags (DefaultEmailTags with the entry's ReplacementTags over them, or EmailTags). */
  tags: Record<string, string>
  /** Accepted, then dropped by SES for a template attribute the data lacks (a Rendering Failure event). */
  renderingFailure?: string
}

/** One send call of a customer account and how SES answered it (throttling is counted here, not in messages). */
export interface SendCall {
  accountId: string
  region: string
  /** Epoch ms the call was answered. */
  at: number
  operation: 'SendEmail' | 'SendBulkEmail'
  /** Messages asked for: the bulk call's entries, or 1. */
  destinations: number
  /** Of those, refused for MaxSendRate (`ACCOUNT_THROTTLED` entries, or all of a `TooManyRequestsException`). */
  throttled: number
  /** The whole call's error code, when it failed. */
  error?: string
}

/** A send call's record from its request and SES's answer (or the error the whole call got). */
export function sendCallOf(
  base: Pick<SendCall, 'accountId' | 'region' | 'at' | 'operation'>,
  input: Record<string, unknown>,
  outcome: { answer: unknown } | { error: string },
): SendCall {
  const destinations =
    base.operation === 'SendBulkEmail' && Array.isArray(input.BulkEmailEntries)
      ? input.BulkEmailEntries.length
      : 1
  if ('error' in outcome)
    return {
      ...base,
      destinations,
      throttled: outcome.error === 'TooManyRequestsException' ? destinations : 0,
      error: outcome.error,
    }
  const results = (outcome.answer as { BulkEmailEntryResults?: { Status?: string }[] }).BulkEmailEntryResults
  const throttled = (results ?? []).filter((result) => result?.Status === 'ACCOUNT_THROTTLED').length
  return { ...base, destinations, throttled }
}

export interface AcceptedQuery {
  accountId?: string
  region?: string
  /** Epoch ms: only messages accepted at or after it. */
  since?: number
  /** A tag the message carries (`campaign=01H…`). */
  tag?: [string, string]
}

const KEPT = 200_000

/**
 * Every message the local SES accepted from customer accounts, newest last, in memory (the most recent 200,000):
 * the ground truth of benches and tests — who got mail, how many times, and whether any one-second window held
 * more than MaxSendRate. Read through `GET /_local-aws/ses/accepted`. Beside it, every send call with how many of
 * its destinations were throttled (`GET /_local-aws/ses/calls`).
 */
export class AcceptLog {
  private messages: AcceptedMessage[] = []
  private calls: SendCall[] = []

  record(messages: AcceptedMessage[]): void {
    this.messages.push(...messages)
    if (this.messages.length > KEPT * 1.25) this.messages = this.messages.slice(-KEPT)
  }

  /** Every send call and its answer (accepted or not): what a bench counts throttling from. */
  recordCall(call: SendCall): void {
    this.calls.push(call)
    if (this.calls.length > KEPT * 1.25) this.calls = this.calls.slice(-KEPT)
  }

  listCalls(query: Omit<AcceptedQuery, 'tag'> = {}): SendCall[] {
    return this.calls.filter(
      (call) =>
        (!query.accountId || call.accountId === query.accountId) &&
        (!query.region || call.region === query.region) &&
        (query.since === undefined || call.at >= query.since),
    )
  }

  list(query: AcceptedQuery = {}): AcceptedMessage[] {
    return this.messages.filter(
      (message) =>
        (!query.accountId || message.accountId === query.accountId) &&
        (!query.region || message.region === query.region) &&
        (query.since === undefined || message.at >= query.since) &&
        (!query.tag || message.tags[query.tag[0]] === query.tag[1]),
    )
  }

  clear(accountId?: string): void {
    this.messages = accountId ? this.messages.filter((message) => message.accountId !== accountId) : []
    this.calls = accountId ? this.calls.filter((call) => call.accountId !== accountId) : []
  }
}
