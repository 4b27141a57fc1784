/** SES monitoring: its state in the customer's account and the SNS events it receives. */
export const SES_MONITORING_ERROR_STATUS = {
  'monitoring.not_enabled': 409,
  'ses_events.unknown_topic': 404,
} as const
