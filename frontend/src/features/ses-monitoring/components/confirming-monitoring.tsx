import type { AwsAccount, AwsMonitoring } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-error'
import { connectionsWhileConfirming, useEnableMonitoring } from '../api/ses-monitoring'
import { SLOW_CONFIRMATION_MS } from '../monitoring-state'
import { EnableError } from './enable-monitoring'
import styles from './monitoring.module.css'

/**
 * SES Studio created the configuration set and topic; SNS is confirming the topic's subscription to our endpoint.
 * The connections are read again every few seconds, and the page moves on by itself once monitoring is active.
 */
export function ConfirmingMonitoring({
  awsAccount,
  monitoring,
  canManage,
}: {
  awsAccount: AwsAccount
  monitoring: AwsMonitoring
  canManage: boolean
}) {
  const connections = useQuery(connectionsWhileConfirming(awsAccount))
  const repair = useEnableMonitoring(awsAccount)
  const waited = Math.max(connections.dataUpdatedAt, Date.now()) - Date.parse(monitoring.enabledAt)
  const slow = waited > SLOW_CONFIRMATION_MS

  return (
    <Card title="Waiting for AWS to confirm">
      <div className={styles.stack}>
        <div className={styles.waiting} role="status">
          <Spinner />
          <p>
            AWS is confirming the subscription of the SNS topic to SES Studio. This usually takes a few
            seconds; the page moves on by itself.
          </p>
        </div>
        {connections.isError && (
          <Alert tone="warning">
            Could not check just now ({errorMessage(connections.error)}). Still trying.
          </Alert>
        )}
        {slow && (
          <Alert
            tone="warning"
            title="This is taking longer than usual"
            actions={
              canManage && (
                <Button
                  variant="secondary"
                  size="small"
                  loading={repair.isPending}
                  onClick={() => repair.mutate([...monitoring.eventTypes])}
                >
                  Set up again
                </Button>
              )
            }
          >
            {canManage
              ? 'Setting up again checks the configuration set, the topic and its subscription in your account and recreates what is missing.'
              : 'An owner or admin can set monitoring up again from this page, which repairs what is missing.'}
          </Alert>
        )}
        {repair.isError && <EnableError error={repair.error} />}
      </div>
    </Card>
  )
}
