/** Campaigns. */
export const CAMPAIGN_ERROR_STATUS = {
  'campaigns.not_found': 404,
  /** The change is not one the campaign's status allows (edits: DRAFT and SCHEDULED only; see CAMPAIGN_ACTIONS). */
  'campaigns.invalid_transition': 409,
  /** A campaign being sent (SENDING or PAUSED) cannot be deleted: cancel it first. */
  'campaigns.in_progress': 409,
  /** `schedule` or `send` refused by the pre-flight (the message lists its refusals). */
  'campaigns.preflight_refused': 409,
  /** `schedule` needs a `schedule.at` in the future. */
  'campaigns.schedule_invalid': 400,
  /** A transactional send's template reads variables its `data` lacks (the message names them); nothing is sent. */
  'transactional.missing_variables': 400,
} as const
