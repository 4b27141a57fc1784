import type { AwsAccount } from '@app/contracts'
import { awsAccountName } from '../../aws-accounts/aws-account-display'
import styles from './monitoring.module.css'

/** What turning monitoring on does in the customer's own AWS account, before they do it. */
export function MonitoringExplainer({
  awsAccount,
}: {
  awsAccount: Pick<AwsAccount, 'name' | 'region' | 'awsAccountNumber'>
}) {
  const where = `${awsAccountName(awsAccount)}${awsAccount.awsAccountNumber ? ` (${awsAccount.awsAccountNumber})` : ''}, ${awsAccount.region}`
  return (
    <div className={styles.explainer}>
      <p>
        SES Studio records what happens to each message after SES accepts it — delivered, bounced, opened,
        marked as spam — and shows it here as a log and as metrics. For that it creates two things in your AWS
        account {where}:
      </p>
      <ul>
        <li>
          a <strong>configuration set</strong> that SES Studio sends with, whose event destination publishes
          the events you choose below;
        </li>
        <li>
          an <strong>SNS topic</strong> those events go to, subscribed to SES Studio over HTTPS. AWS signs
          every notification and SES Studio checks the signature.
        </li>
      </ul>
      <p className={styles.note}>
        Nothing else in your account changes; disabling monitoring removes both. AWS bills the SNS
        notifications to your account like any other SNS use.
      </p>
    </div>
  )
}
