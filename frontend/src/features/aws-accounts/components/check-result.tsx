import type { AwsAccount } from '@app/contracts'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { useUpdateAwsAccount } from '../api/aws-accounts'
import { checkGuidance } from '../aws-account-display'
import { formatCheckedAt } from '../ses-status-display'
import styles from './aws-accounts.module.css'
import { ConnectionError } from './connection-error'

/**
 * The outcome of the last failed live check, prominently: what AWS said, what to do, and 'Check again'. Shows
 * nothing before the first check.
 */
export function CheckResult({
  account,
  onVerified,
  canManage,
}: {
  account: AwsAccount
  onVerified: (account: AwsAccount) => void
  canManage: boolean
}) {
  const check = useUpdateAwsAccount(account, { handlesErrors: true })
  const last = account.lastCheck
  if (!last || last.ok) return null
  const guidance = checkGuidance(last, account.method)

  return (
    <Alert
      tone="danger"
      role="alert"
      title="SES Studio could not use this connection"
      actions={
        canManage && (
          <Button
            variant="secondary"
            size="small"
            loading={check.isPending}
            onClick={() =>
              check.mutate(
                { verify: true },
                { onSuccess: (updated) => updated.awsAccountVerified && onVerified(updated) },
              )
            }
          >
            Check again
          </Button>
        )
      }
    >
      <div className={styles.checkBody}>
        <p className={styles.checkMessage}>{last.message ?? guidance.fallback}</p>
        <ul className={styles.steps}>
          {guidance.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
        <p className={styles.checkedAt}>
          Checked {formatCheckedAt(last.checkedAt)}
          {last.code && <> · code {last.code}</>}
        </p>
        {check.error && <ConnectionError error={check.error} />}
      </div>
    </Alert>
  )
}
