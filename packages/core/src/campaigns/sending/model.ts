/** The sending engine's records and the shapes its entry points take and answer (see README.md). */

export const RECIPIENT_STATUSES = [
  'PENDING',
  'CLAIMED',
  'SENT',
  'FAILED',
  'SKIPPED',
  'UNKNOWN',
  'UNCONFIRMED',
] as const
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number]

/** What the engine needs of a campaign to send it (the campaigns domain passes its record at send start). */
export interface SendingCampaign {
  id: string
  orgId: string
  /** The organization's AWS connection the campaign sends through (verified). */
  awsAccountId: string
  fromEmail: string
  fromName: string | null
  replyTo: string | null
  topicIds: string[]
  missingVariables: { mode: 'skip' } | { mode: 'default'; values: Record<string, string> }
  /**
   * What the engine fills in for every recipient besides their own unsubscribe link (the campaigns domain always
   * gives it; without it, as for the bench's and crash tests' bare campaigns, both are empty).
   */
  senderValues?: { postalAddress: string; organizationName: string }
  /** The pinned version's parts as published (subject, HTML, text), and the variables they use. */
  content: { templateId: string; version: number; subject: string; html: string; text: string }
}

/** The run's own state; the campaign's status while a run exists. */
export type RunStatus = 'SENDING' | 'PAUSED' | 'SENT' | 'CANCELLED'

export interface PauseReason {
  code: string
  message: string
  at: string
}

export interface SendingCounts {
  total: number
  pending: number
  /** Recipients handed to a send worker (counted in `pending` for the campaign's view). */
  claimed: number
  sent: number
  failed: number
  skipped: number
  unknown: number
  unconfirmed: number
}

export interface SendingState {
  status: RunStatus
  /** Still writing the ledger (no message sent yet). */
  materialising: boolean
  pauseReason: PauseReason | null
  /** The daily quota is used up: sending continues by itself at this time. */
  waitingUntil: string | null
  counts: SendingCounts
  startedAt: string
  finishedAt: string | null
}

/** One row of the per-recipient table. */
export interface RecipientRow {
  contactId: string
  email: string
  status: RecipientStatus
  /** SES's message id once sent. */
  messageId: string | null
  reason: { code: string; message: string } | null
  attempts: number
  /** Sent again by a deliberate "retry unconfirmed": the recipient may have two copies. */
  retried: boolean
  /** What SES's events and the unsubscribe link told (the report's, `reports/decide.ts`). */
  deliveredAt: string | null
  openedAt: string | null
  clickedAt: string | null
  bounce: { type: string; subType: string; at: string } | null
  complainedAt: string | null
  unsubscribedAt: string | null
  updatedAt: string
}

/** An SES event routed to its ledger item by the message's `campaign` and `contact` tags. */
export interface SesOutcome {
  orgId: string
  campaignId: string
  contactId: string
  sesMessageId: string
  type: 'SEND' | 'DELIVERY' | 'BOUNCE' | 'COMPLAINT' | 'REJECT' | 'RENDERING_FAILURE'
  at: string
}
