import { AccessKeyIdSchema, type AwsAccount, SecretAccessKeySchema } from '@app/contracts'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { useUpdateAwsAccount } from '../api/aws-accounts'
import styles from './aws-accounts.module.css'
import { ConnectionError } from './connection-error'

export interface KeyErrors {
  accessKeyId?: string
  secretAccessKey?: string
}

/** Both parts of an access key, checked with the contract's rules. */
export function keyErrors(accessKeyId: string, secretAccessKey: string): KeyErrors {
  const id = AccessKeyIdSchema.safeParse(accessKeyId)
  const secret = SecretAccessKeySchema.safeParse(secretAccessKey)
  return {
    ...(id.success ? {} : { accessKeyId: id.error.issues[0]?.message }),
    ...(secret.success
      ? {}
      : {
          secretAccessKey: secretAccessKey.trim()
            ? secret.error.issues[0]?.message
            : 'Paste the secret access key that belongs to this key id.',
        }),
  }
}

export function SecretNote() {
  return (
    <p className={styles.note}>
      The secret is encrypted with AWS KMS as soon as it arrives and is never shown again, not even to you.
      Only the access key id stays visible.
    </p>
  )
}

/** Replace the access key of a keys connection (both parts together); checked at once. */
export function RotateKeysForm({
  account,
  onChecked,
  submitLabel = 'Save and check',
}: {
  account: AwsAccount
  onChecked: (account: AwsAccount) => void
  submitLabel?: string
}) {
  const [accessKeyId, setAccessKeyId] = useState('')
  const [secretAccessKey, setSecretAccessKey] = useState('')
  const [errors, setErrors] = useState<KeyErrors>({})
  const update = useUpdateAwsAccount(account, { handlesErrors: true })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = keyErrors(accessKeyId, secretAccessKey)
    setErrors(found)
    if (found.accessKeyId || found.secretAccessKey) return
    update.mutate(
      { credentials: { accessKeyId: accessKeyId.trim(), secretAccessKey: secretAccessKey.trim() } },
      {
        onSuccess: (updated) => {
          setSecretAccessKey('')
          onChecked(updated)
        },
      },
    )
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="New access key">
      <div className={styles.grid}>
        <TextField
          label="Access key id"
          name="access-key-id"
          autoComplete="off"
          spellCheck={false}
          placeholder={account.awsAccessKeyId ?? 'AKIAIOSFODNN7EXAMPLE'}
          value={accessKeyId}
          onChange={(event) => setAccessKeyId(event.target.value)}
          error={errors.accessKeyId}
        />
        <TextField
          label="Secret access key"
          name="secret-access-key"
          type="password"
          autoComplete="off"
          revealable
          spellCheck={false}
          value={secretAccessKey}
          onChange={(event) => setSecretAccessKey(event.target.value)}
          error={errors.secretAccessKey}
        />
      </div>
      <SecretNote />
      {update.error && <ConnectionError error={update.error} />}
      <div className={styles.actions}>
        <Button type="submit" loading={update.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
