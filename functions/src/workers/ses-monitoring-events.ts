import { purgeOrganizationSubscribers } from '@app/core/purge/public'
import { sesMonitoringSubscribers } from '@app/core/ses-monitoring/public'
import { subscriberWorker } from './subscriber-worker'

/**
 * SES monitoring's domain-event subscribers (customers' AWS accounts): monitoring taken out of a deleted
 * organization's accounts, then (`after` it) the organization's purge.
 */
export const handler = subscriberWorker(
  {
    name: 'sesMonitoringEvents',
    subscribers: [...sesMonitoringSubscribers, ...purgeOrganizationSubscribers],
  },
  'ses-monitoring-events',
)
