import { campaignPausedSubscribers } from '@app/core/campaigns/public'
import { subscriberWorker } from './subscriber-worker'

/** The product's mail to an organization's owners about a campaign paused for an account-level error. */
export const handler = subscriberWorker(
  { name: 'campaignPausedMail', subscribers: campaignPausedSubscribers },
  'campaign-paused-mail',
)
