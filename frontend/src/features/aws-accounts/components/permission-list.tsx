import { CopyButton } from '../../../components/ui/copy-button'
import { accessKeyPolicyJson, permissionGroups } from '../role-permissions'
import styles from './aws-accounts.module.css'

/** What SES Studio may do in the customer's account, grouped in plain words; the exact actions one click away. */
export function PermissionList({ withPolicy = false }: { withPolicy?: boolean }) {
  const groups = permissionGroups()
  return (
    <div className={styles.permissions}>
      <ul className={styles.permissionList}>
        {groups.map((group) => (
          <li key={group.id}>
            <strong>{group.title}</strong> — {group.description}
          </li>
        ))}
      </ul>
      <details className={styles.details}>
        <summary>{withPolicy ? 'IAM policy to attach' : 'The exact actions'}</summary>
        {withPolicy ? (
          <div className={styles.codeBlock}>
            <div className={styles.codeActions}>
              <CopyButton text={accessKeyPolicyJson()} what="the IAM policy" />
            </div>
            <pre>{accessKeyPolicyJson()}</pre>
          </div>
        ) : (
          <dl className={styles.actionGroups}>
            {groups.map((group) => (
              <div key={group.id}>
                <dt>{group.title}</dt>
                <dd>
                  {group.actions.map((action) => (
                    <code key={action}>{action}</code>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </details>
    </div>
  )
}
