import type { AwsAccount, CreateAwsAccountBody, SesRegion } from '@app/contracts'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import choice from '../../../components/ui/choice-card.module.css'
import { TextField } from '../../../components/ui/text-field'
import { useCreateAwsAccount } from '../api/aws-accounts'
import styles from './aws-accounts.module.css'
import { ConnectionError } from './connection-error'
import { PermissionList } from './permission-list'
import { RegionSelect } from './region-select'
import { type KeyErrors, keyErrors, SecretNote } from './rotate-keys-form'

type Method = AwsAccount['method']

const METHODS: readonly { method: Method; title: string; badge?: string; description: string }[] = [
  {
    method: 'role',
    title: 'IAM role',
    badge: 'Recommended',
    description:
      'A role in your account, created with one click in CloudFormation. SES Studio gets short-lived credentials for each task, only with the permissions the role allows; no long-lived secret leaves your account.',
  },
  {
    method: 'keys',
    title: 'Access keys',
    description:
      'The access key of an IAM user allowed to use SES. Quick to set up; the key stays valid until you deactivate it, so rotate it regularly.',
  },
]

/** Step one of connecting: how, name, region (and for keys the key itself). Creating checks keys at once. */
export function ConnectForm({
  organizationId,
  onCreated,
}: {
  organizationId: string
  onCreated: (account: AwsAccount) => void
}) {
  const [method, setMethod] = useState<Method>('role')
  const [name, setName] = useState('')
  const [region, setRegion] = useState<SesRegion>('us-east-1')
  const [accessKeyId, setAccessKeyId] = useState('')
  const [secretAccessKey, setSecretAccessKey] = useState('')
  const [errors, setErrors] = useState<KeyErrors & { name?: string }>({})
  const create = useCreateAwsAccount(organizationId)
  const groupName = useId()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found: KeyErrors & { name?: string } =
      method === 'keys' ? keyErrors(accessKeyId, secretAccessKey) : {}
    if (name.trim().length > 60) found.name = 'Name is at most 60 characters.'
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    const body: CreateAwsAccountBody =
      method === 'role'
        ? { method, name: name.trim(), region }
        : {
            method,
            name: name.trim(),
            region,
            accessKeyId: accessKeyId.trim(),
            secretAccessKey: secretAccessKey.trim(),
          }
    create.mutate(body, { onSuccess: onCreated })
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Connect an AWS account">
      <fieldset className={styles.group}>
        <legend>How SES Studio reaches your account</legend>
        <div className={choice.list}>
          {METHODS.map((option) => (
            <label
              key={option.method}
              className={
                method === option.method
                  ? `${choice.card} ${styles.method} ${choice.checked} ${styles.methodChecked}`
                  : `${choice.card} ${styles.method}`
              }
            >
              <input
                type="radio"
                name={groupName}
                value={option.method}
                checked={method === option.method}
                onChange={() => setMethod(option.method)}
              />
              <span className={styles.methodText}>
                <span className={styles.methodTitle}>
                  {option.title}
                  {option.badge && <span className={styles.recommended}>{option.badge}</span>}
                </span>
                <span className={styles.methodDescription}>{option.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className={styles.grid}>
        <TextField
          label="Name (optional)"
          name="aws-account-name"
          autoComplete="off"
          placeholder="Default"
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          hint="How the AWS selector shows it, like “Production”."
        />
        <RegionSelect value={region} onChange={setRegion} />
      </div>

      {method === 'keys' && (
        <fieldset className={styles.group}>
          <legend>Access key</legend>
          <p className={styles.muted}>
            In the IAM console, create a user for SES Studio, attach a policy with the permissions below, then
            create an access key for it (“Application running outside AWS”).
          </p>
          <div className={styles.grid}>
            <TextField
              label="Access key id"
              name="access-key-id"
              autoComplete="off"
              spellCheck={false}
              placeholder="AKIAIOSFODNN7EXAMPLE"
              value={accessKeyId}
              onChange={(event) => setAccessKeyId(event.target.value)}
              error={errors.accessKeyId}
            />
            <TextField
              label="Secret access key"
              name="secret-access-key"
              type="password"
              autoComplete="off"
              spellCheck={false}
              revealable
              value={secretAccessKey}
              onChange={(event) => setSecretAccessKey(event.target.value)}
              error={errors.secretAccessKey}
            />
          </div>
          <SecretNote />
          <div className={styles.subsection}>
            <p className={styles.label}>Permissions the key needs</p>
            <PermissionList withPolicy />
          </div>
        </fieldset>
      )}

      {create.error && <ConnectionError error={create.error} title="Could not create the connection" />}
      <div className={styles.actions}>
        <Button type="submit" loading={create.isPending}>
          {method === 'role' ? 'Create connection' : 'Connect and check'}
        </Button>
      </div>
      {method === 'role' && (
        <p className={styles.note}>
          Next: SES Studio shows this connection’s ExternalId and a link that creates the role in your
          account.
        </p>
      )}
    </form>
  )
}
