import { on } from '../../events/dispatch'
import { recordEngagement } from './record.repo'

/** What campaign reports do when other domains report something. */
export const campaignReportSubscribers = [
  /* An unsubscribe through a campaign's link counts in its report, once per recipient (outbox: at least once). */
  on('contact.unsubscribed_from_campaign', 'campaign_reports.count_unsubscribe', async (event) => {
    if (!event.organizationId) return
    await recordEngagement({
      orgId: event.organizationId,
      campaignId: event.payload.campaignId,
      contactId: event.payload.contactId,
      type: 'UNSUBSCRIBE',
      sesMessageId: '',
      at: event.payload.at,
      sentAt: event.payload.at,
    })
  }),
]
