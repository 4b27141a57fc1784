import type { AwsAccount, SesRegion } from '@app/contracts'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button'
import definitions from '../../../components/ui/definition-grid.module.css'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { useUpdateAwsAccount } from '../api/aws-accounts'
import { awsAccountName, connectionMethodLabel } from '../aws-account-display'
import { formatCheckedAt } from '../ses-status-display'
import styles from './aws-accounts.module.css'
import { ConnectionError } from './connection-error'
import { RegionSelect } from './region-select'
import { RoleSetup } from './role-setup'
import { RotateKeysForm } from './rotate-keys-form'

/** What SES Studio holds for a connection (never the secret). */
export function ConnectionDetails({ account }: { account: AwsAccount }) {
  return (
    <dl className={`${definitions.grid} ${styles.facts}`}>
      <div>
        <dt>Connected with</dt>
        <dd>{connectionMethodLabel(account.method)}</dd>
      </div>
      {account.method === 'keys' ? (
        <div>
          <dt>Access key id</dt>
          <dd>
            <code>{account.awsAccessKeyId ?? 'Not set'}</code>
          </dd>
        </div>
      ) : (
        <>
          <div className={styles.wideFact}>
            <dt>Role ARN</dt>
            <dd>
              <code>{account.roleArn ?? 'Not pasted yet'}</code>
            </dd>
          </div>
          <div>
            <dt>ExternalId</dt>
            <dd>
              <code>{account.externalId ?? '—'}</code>
            </dd>
          </div>
        </>
      )}
      {(account.awsAccountNumber || !account.awsAccountVerified) && (
        <div>
          <dt>AWS account</dt>
          <dd>{account.awsAccountNumber ?? 'Known after a successful check'}</dd>
        </div>
      )}
      <div>
        <dt>Campaigns' share of the send rate</dt>
        <dd>{account.sendSharePercent}%</dd>
      </div>
      <div>
        <dt>Last check</dt>
        <dd>
          {account.lastCheck
            ? `${account.lastCheck.ok ? 'Passed' : 'Failed'}, ${formatCheckedAt(account.lastCheck.checkedAt)}`
            : 'Not checked yet'}
        </dd>
      </div>
    </dl>
  )
}

/** Name and region; changing the region points SES Studio at SES in that region (checked again). */
export function NameAndRegionForm({ account }: { account: AwsAccount }) {
  const [name, setName] = useState(account.name)
  const [region, setRegion] = useState<SesRegion>(account.region)
  const [error, setError] = useState<string>()
  const update = useUpdateAwsAccount(account, { handlesErrors: true })
  const changed = name.trim() !== account.name || region !== account.region

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (name.trim().length > 60) return setError('Name is at most 60 characters.')
    setError(undefined)
    update.mutate(
      {
        ...(name.trim() !== account.name ? { name: name.trim() } : {}),
        ...(region !== account.region ? { region } : {}),
      },
      { onSuccess: (updated) => toast.success(`Saved ${awsAccountName(updated)}.`) },
    )
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Name and region">
      <div className={styles.grid}>
        <TextField
          label="Name"
          name="aws-account-name"
          autoComplete="off"
          placeholder="Default"
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
        />
        <RegionSelect value={region} onChange={setRegion} />
      </div>
      {update.error && <ConnectionError error={update.error} />}
      <div className={styles.actions}>
        <Button type="submit" loading={update.isPending} disabled={!changed}>
          Save
        </Button>
      </div>
    </form>
  )
}

/** Replace the access key, or point at another role, and check at once. */
export function RotateCredentials({ account }: { account: AwsAccount }) {
  const [open, setOpen] = useState(false)
  const check = useUpdateAwsAccount(account)
  const onChecked = (updated: AwsAccount) => {
    if (updated.awsAccountVerified) {
      toast.success('The new credentials work.')
      setOpen(false)
    } else {
      toast.danger(updated.lastCheck?.message ?? 'The new credentials did not pass the check.')
    }
  }

  return (
    <div className={styles.stack}>
      <div className={styles.actions}>
        <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {account.method === 'keys' ? 'Rotate access key' : 'Change role'}
        </Button>
        <Button
          variant="secondary"
          loading={check.isPending}
          onClick={() =>
            check.mutate(
              { verify: true },
              {
                onSuccess: (updated) =>
                  updated.lastCheck?.ok
                    ? toast.success('The connection works.')
                    : toast.danger(updated.lastCheck?.message ?? 'The check failed.'),
              },
            )
          }
        >
          Check again
        </Button>
      </div>
      {open &&
        (account.method === 'keys' ? (
          <div className={styles.subsection}>
            <p className={styles.muted}>
              Create a new access key for the IAM user, enter it here, then deactivate the old one in IAM.
            </p>
            <RotateKeysForm account={account} onChecked={onChecked} />
          </div>
        ) : (
          <RoleSetup account={account} onChecked={onChecked} />
        ))}
    </div>
  )
}
