import { CAMPAIGN_EVENT_TYPES, type CampaignEvents, type PreflightRefusalCode } from '@app/contracts'
import type { AwsConnectionRecord } from '../aws-accounts/public'

/** Why the pre-flight refuses a send (the refusal list's item; `checks.ts` names it `Refusal`). */
export interface Refusal {
  code: PreflightRefusalCode
  message: string
}

/**
 * Where the account stands with the SES events a campaign needs, from what enable-monitoring set up (its
 * configuration set is the one every campaign message is sent with; see `CAMPAIGN_EVENT_TYPES`).
 */
export function campaignEvents(connection: Pick<AwsConnectionRecord, 'monitoring'>): CampaignEvents {
  const monitoring = connection.monitoring
  if (!monitoring) {
    return {
      state: 'MISSING',
      configurationSetName: null,
      eventTypes: [],
      missingEventTypes: [...CAMPAIGN_EVENT_TYPES],
    }
  }
  const missingEventTypes = CAMPAIGN_EVENT_TYPES.filter((type) => !monitoring.eventTypes.includes(type))
  return {
    state:
      missingEventTypes.length > 0
        ? 'INCOMPLETE'
        : monitoring.state === 'ACTIVE'
          ? 'READY'
          : 'PENDING_CONFIRMATION',
    configurationSetName: monitoring.configurationSetName,
    eventTypes: monitoring.eventTypes,
    missingEventTypes,
  }
}

const WHY = 'without them, a send whose answer was lost cannot be reconciled and the report cannot count.'

/** The `ses_events` refusal for a set-up that is not READY (undefined when it is). */
export function eventsRefusal(events: CampaignEvents): Refusal | undefined {
  switch (events.state) {
    case 'READY':
      return undefined
    case 'MISSING':
      return {
        code: 'ses_events',
        message: `Set up SES events for this AWS account before sending: ${WHY}`,
      }
    case 'INCOMPLETE':
      return {
        code: 'ses_events',
        message: `The account’s SES events lack ${events.missingEventTypes.join(', ')}: set them up again before sending; ${WHY}`,
      }
    case 'PENDING_CONFIRMATION':
      return {
        code: 'ses_events',
        message:
          'Amazon SNS has not confirmed the SES events subscription yet (this usually takes seconds): until it does, events would be lost. Check again shortly, or set up SES events again.',
      }
  }
}
