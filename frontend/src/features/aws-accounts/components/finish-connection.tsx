import type { AwsAccount } from '@app/contracts'
import { Alert } from '../../../components/ui/alert'
import styles from './aws-accounts.module.css'
import { CheckResult } from './check-result'
import { PermissionList } from './permission-list'
import { RoleSetup } from './role-setup'
import { RotateKeysForm } from './rotate-keys-form'

/**
 * What an unverified connection still needs, by method: the role's setup steps and its ARN, or a working access
 * key; and the last check's outcome with 'Check again'.
 */
export function FinishConnection({
  account,
  canManage,
  onVerified,
}: {
  account: AwsAccount
  canManage: boolean
  onVerified: (account: AwsAccount) => void
}) {
  const onChecked = (updated: AwsAccount) => {
    if (updated.awsAccountVerified) onVerified(updated)
  }

  if (!canManage) {
    return (
      <div className={styles.stack}>
        <CheckResult account={account} onVerified={onVerified} canManage={false} />
        <Alert tone="info" title="An owner or admin finishes the connection">
          Only owners and admins of this organization can enter AWS credentials. Ask one of them to open AWS
          account → Status.
        </Alert>
      </div>
    )
  }

  if (account.method === 'role') {
    return (
      <div className={styles.stack}>
        <CheckResult account={account} onVerified={onVerified} canManage />
        <RoleSetup account={account} onChecked={onChecked} />
      </div>
    )
  }

  return (
    <div className={styles.stack}>
      <CheckResult account={account} onVerified={onVerified} canManage />
      <section className={styles.subsection} aria-labelledby={`${account.id}-keys`}>
        <h3 id={`${account.id}-keys`}>Enter a working access key</h3>
        <p className={styles.muted}>
          The key in use is <code>{account.awsAccessKeyId ?? 'not set'}</code>. Enter both parts of a new or
          corrected key; the old secret is replaced.
        </p>
        <RotateKeysForm account={account} onChecked={onChecked} />
      </section>
      <section className={styles.subsection} aria-labelledby={`${account.id}-permissions`}>
        <h3 id={`${account.id}-permissions`}>Permissions the key needs</h3>
        <PermissionList withPolicy />
      </section>
    </div>
  )
}
