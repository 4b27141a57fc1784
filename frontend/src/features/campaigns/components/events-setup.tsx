import type { Campaign, CampaignEvents } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { usePermission } from '../../account/use-permission'
import { useEnableMonitoring } from '../../ses-monitoring/api/ses-monitoring'
import { EnableError } from '../../ses-monitoring/components/enable-monitoring'
import { EVENT_TYPE_TEXT } from '../../ses-monitoring/monitoring-display'
import { campaignQueries } from '../api/campaigns'
import { campaignEventTypes } from '../campaign-flow'
import styles from './campaigns.module.css'

const WHY =
  'Campaigns need SES to report every send, delivery, bounce, complaint, rejection, rendering failure, open and click: without them, a send whose answer was lost cannot be reconciled and the report cannot count.'

/**
 * The campaign's AWS account and its SES events (monitoring's configuration set and event destination): ready, or
 * what is missing with a button that sets it up (owners and admins; others see who can), then a fresh pre-flight.
 */
export function EventsSetup({ campaign, events }: { campaign: Campaign; events: CampaignEvents }) {
  const queryClient = useQueryClient()
  // Setting up the events is monitoring's enable call, an `aws_accounts.manage` route.
  const canManage = usePermission('aws_accounts.manage', campaign.organizationId)
  const enable = useEnableMonitoring({ id: campaign.awsAccountId, organizationId: campaign.organizationId })
  const wanted = campaignEventTypes(events.eventTypes)
  const recheck = () =>
    queryClient.invalidateQueries({
      queryKey: campaignQueries.preflight(campaign.organizationId, campaign.id).queryKey,
    })

  if (events.state === 'READY') {
    return (
      <p className={styles.muted} data-testid="ses-events">
        SES events are set up: every message is sent with the configuration set{' '}
        <code>{events.configurationSetName}</code>, which reports its sends, deliveries, bounces, complaints,
        opens and clicks.
      </p>
    )
  }
  if (events.state === 'PENDING_CONFIRMATION') {
    return (
      <Alert tone="info" title="Waiting for Amazon SNS to confirm the SES events subscription">
        This usually takes a few seconds; the check runs again by itself.
      </Alert>
    )
  }
  const missing = events.missingEventTypes.map((type) => EVENT_TYPE_TEXT[type].plural.toLowerCase())
  return (
    <Alert
      tone="warning"
      title={events.state === 'MISSING' ? 'SES events are not set up' : 'SES events are incomplete'}
      actions={
        canManage ? (
          <Button
            size="small"
            loading={enable.isPending}
            onClick={() => enable.mutate([...wanted], { onSuccess: () => void recheck() })}
          >
            Set up SES events
          </Button>
        ) : undefined
      }
    >
      <span className={styles.column}>
        <span>
          {events.state === 'MISSING'
            ? 'This AWS account does not report SES events to SES Studio yet.'
            : `This AWS account's SES events leave out ${missing.join(', ')}.`}{' '}
          {WHY}
        </span>
        {canManage ? (
          <span>
            “Set up SES events” creates (or updates) a configuration set and an SNS topic in the account, as
            Monitoring does. To count opens and clicks, SES adds a tiny tracking image to the HTML of the
            messages sent with it and sends links through an AWS tracking address.
          </span>
        ) : (
          <span>
            Only owners and admins can set up SES events, because it creates a configuration set and an SNS
            topic in the AWS account: ask one of them to open this campaign, or to turn on Monitoring with
            every kind of event.
          </span>
        )}
        {enable.isError && <EnableError error={enable.error} />}
      </span>
    </Alert>
  )
}
