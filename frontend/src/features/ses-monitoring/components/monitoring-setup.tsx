import type { AwsAccount, AwsMonitoring } from '@app/contracts'
import { Badge } from '../../../components/ui/badge'
import { Card } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import definitions from '../../../components/ui/definition-grid.module.css'
import { toast } from '../../../components/ui/toast-store'
import { awsAccountName } from '../../aws-accounts/aws-account-display'
import { formatCheckedAt } from '../../aws-accounts/ses-status-display'
import { useDisableMonitoring } from '../api/ses-monitoring'
import { EVENT_TYPE_TEXT } from '../monitoring-display'
import styles from './monitoring.module.css'

function DisableMonitoring({
  awsAccount,
  monitoring,
}: {
  awsAccount: AwsAccount
  monitoring: AwsMonitoring
}) {
  const disable = useDisableMonitoring(awsAccount)
  const name = awsAccountName(awsAccount)
  return (
    <ConfirmDialog
      triggerLabel="Disable monitoring"
      title={`Disable monitoring for ${name}?`}
      confirmLabel="Disable monitoring"
      pending={disable.isPending}
      onConfirm={(close) =>
        disable.mutate(undefined, {
          onSuccess: () => {
            close()
            toast.success(`Monitoring is off for ${name}. The logs recorded so far stay here.`)
          },
        })
      }
    >
      <p>SES Studio deletes from your AWS account ({awsAccount.region}):</p>
      <ul className={styles.removedList}>
        <li>
          the configuration set <code>{monitoring.configurationSetName}</code> and its event destination;
        </li>
        <li>
          the SNS topic <code>{monitoring.topicArn}</code> and its subscription to SES Studio.
        </li>
      </ul>
      <p>
        Messages sent afterwards are not logged, and opens and clicks are no longer tracked. If other tools
        send with this configuration set, SES refuses their messages until they stop naming it.
      </p>
      <p>The logs and metrics recorded so far stay here. You can enable monitoring again at any time.</p>
    </ConfirmDialog>
  )
}

/** What monitoring created in the customer's account and what it records; owners and admins can remove it. */
export function MonitoringSetup({
  awsAccount,
  monitoring,
  canManage,
}: {
  awsAccount: AwsAccount
  monitoring: AwsMonitoring
  canManage: boolean
}) {
  const active = monitoring.state === 'ACTIVE'
  return (
    <Card
      title="Monitoring setup"
      description="What SES Studio created in your AWS account for the logs and metrics."
    >
      <div className={styles.stack}>
        <dl className={`${definitions.grid} ${styles.setupFacts}`}>
          <div>
            <dt>State</dt>
            <dd>
              {active ? <Badge color="green">On</Badge> : <Badge color="blue">Waiting for AWS</Badge>}{' '}
              <span className={styles.muted}>
                {active && monitoring.confirmedAt
                  ? `since ${formatCheckedAt(monitoring.confirmedAt)}`
                  : `set up ${formatCheckedAt(monitoring.enabledAt)}`}
              </span>
            </dd>
          </div>
          <div>
            <dt>Configuration set</dt>
            <dd>
              <code>{monitoring.configurationSetName}</code>
            </dd>
          </div>
          <div>
            <dt>SNS topic</dt>
            <dd>
              <code>{monitoring.topicArn}</code>
            </dd>
          </div>
          <div>
            <dt>Events recorded</dt>
            <dd>{monitoring.eventTypes.map((type) => EVENT_TYPE_TEXT[type].plural).join(', ')}</dd>
          </div>
        </dl>
        <p className={styles.note}>
          SES Studio sends with this configuration set. Mail from other tools is logged here too when they
          send with the configuration set <code>{monitoring.configurationSetName}</code>.
        </p>
        {canManage ? (
          <div>
            <DisableMonitoring awsAccount={awsAccount} monitoring={monitoring} />
          </div>
        ) : (
          <p className={styles.muted}>Only owners and admins can disable monitoring.</p>
        )}
      </div>
    </Card>
  )
}
