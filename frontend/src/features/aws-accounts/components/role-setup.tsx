import { type AwsAccount, RoleArnSchema } from '@app/contracts'
import { awsAccountRoutes } from '@app/contracts/aws-accounts/routes'
import { useSuspenseQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { CopyButton } from '../../../components/ui/copy-button'
import { TextField } from '../../../components/ui/text-field'
import { apiUrl } from '../../../lib/api-client'
import { appConfigQuery } from '../../../lib/app-config'
import { useUpdateAwsAccount } from '../api/aws-accounts'
import styles from './aws-accounts.module.css'
import { ConnectionError } from './connection-error'
import { PermissionList } from './permission-list'

/** The public CloudFormation template, as the browser opens it. */
export function useRoleTemplateUrl(): string {
  const { data: config } = useSuspenseQuery(appConfigQuery())
  return apiUrl(config.apiBaseUrl, awsAccountRoutes.getCustomerRoleTemplate.path, window.location.origin)
}

/**
 * The role connection's three steps: the ExternalId, creating the role with the quick-create link (or by hand from
 * the template), and pasting the RoleArn back, which checks it at once.
 */
export function RoleSetup({
  account,
  onChecked,
}: {
  account: AwsAccount
  /** Runs with the connection after its role ARN was saved and checked (verified or not). */
  onChecked: (account: AwsAccount) => void
}) {
  const templateUrl = useRoleTemplateUrl()
  const [roleArn, setRoleArn] = useState(account.roleArn ?? '')
  const [error, setError] = useState<string>()
  const update = useUpdateAwsAccount(account, { handlesErrors: true })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = RoleArnSchema.safeParse(roleArn)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    setError(undefined)
    update.mutate({ roleArn: parsed.data }, { onSuccess: onChecked })
  }

  return (
    <ol className={styles.setupSteps}>
      <li>
        <h3>Copy the ExternalId</h3>
        <p className={styles.muted}>
          It is unique to this connection. Your role accepts SES Studio only when it presents this value, so
          no other SES Studio customer can use your role.
        </p>
        {account.externalId ? (
          <div className={styles.copyRow}>
            <code className={styles.value} data-testid="external-id">
              {account.externalId}
            </code>
            <CopyButton text={account.externalId} what="the ExternalId" />
          </div>
        ) : (
          <p>The ExternalId is not available; delete this connection and create it again.</p>
        )}
      </li>
      <li>
        <h3>Create the role in your AWS account</h3>
        <p className={styles.muted}>
          “Launch stack in AWS” opens the CloudFormation console with the template and this ExternalId filled
          in. Sign in to the AWS account you want to connect, tick “I acknowledge that AWS CloudFormation
          might create IAM resources” and choose Create stack. When the stack shows CREATE_COMPLETE, its
          Outputs tab shows the RoleArn.
        </p>
        <div className={styles.actions}>
          {account.quickCreateUrl && (
            <a
              className={styles.launch}
              href={account.quickCreateUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              Launch stack in AWS<span className="visually-hidden"> (opens in a new tab)</span>
              <span aria-hidden="true"> ↗</span>
            </a>
          )}
          <a href={templateUrl} target="_blank" rel="noopener noreferrer" className={styles.textLink}>
            View the template<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
        <p className={styles.muted}>The role allows SES Studio exactly this, and nothing else:</p>
        <PermissionList />
      </li>
      <li>
        <h3>Paste the RoleArn</h3>
        <form className={styles.form} onSubmit={submit} noValidate aria-label="Connect the role">
          <TextField
            label="Role ARN"
            name="role-arn"
            autoComplete="off"
            spellCheck={false}
            placeholder="arn:aws:iam::123456789012:role/SesStudioAccess-us-east-1"
            value={roleArn}
            onChange={(event) => setRoleArn(event.target.value)}
            error={error}
            hint="From the stack's Outputs tab. SES Studio checks it at once."
          />
          {update.error && <ConnectionError error={update.error} />}
          <div className={styles.actions}>
            <Button type="submit" loading={update.isPending}>
              {account.roleArn ? 'Save and check' : 'Connect'}
            </Button>
          </div>
        </form>
      </li>
    </ol>
  )
}
