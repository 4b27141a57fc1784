/**
 * The sending engine's entry points (design: README.md). The campaigns domain calls them for its transitions
 * and reads the run's state and the per-recipient table through them; SES event routing calls
 * `recordSesOutcome`. Transitions answer false when the run's state does not allow them (the caller's 409).
 *
 * While a run exists, its status (`SENDING`, `PAUSED` with a reason, `SENT`, `CANCELLED`), `waitingUntil` and
 * counts are the campaign's: `sendingState` answers them.
 */
export {
  cancelSending,
  pauseSending,
  resumeSending,
  retryFailed,
  retryUnconfirmed,
  sendingState,
  startSending,
} from './control'
/** The ledger's layout (its shards and recipient item), which the reports' items share. */
export { type RecipientRecord, RecipientSchema, SHARDS, shardOf } from './ledger.repo'
export { type ActionOutcome, type OutcomePage, outcomePage } from './ledger-filters.repo'
export {
  type PauseReason,
  RECIPIENT_STATUSES,
  type RecipientRow,
  type RecipientStatus,
  type RunStatus,
  type SendingCampaign,
  type SendingCounts,
  type SendingState,
  type SesOutcome,
} from './model'
export { recordSesOutcome } from './outcomes'
export { listRecipients, type RecipientQuery } from './recipients'
export { templateVariables } from './variables'
