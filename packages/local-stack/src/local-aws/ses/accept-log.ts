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
 * more than MaxSendRate. Read through `GET /_local-aws/ses/accepted`.
 */
export class AcceptLog {
  private messages: AcceptedMessage[] = []

  record(messages: AcceptedMessage[]): void {
    this.messages.push(...messages)
    if (this.messages.length > KEPT * 1.25) this.messages = this.messages.slice(-KEPT)
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
  }
}
