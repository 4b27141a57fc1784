import {
  API_KEY_RATE_LIMIT,
  API_SCOPE_LABELS,
  API_SCOPE_LIST,
  type ApiKey,
  type ApiScope,
  type IssuedApiKey,
} from '@app/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Dialog, DialogFooter } from '../../../components/ui/dialog'
import { SecretShownOnce } from '../../../components/ui/secret-shown-once'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import { useCreateApiKey, useRevokeApiKey, useRotateApiKey, useUpdateApiKey } from '../api/api-keys'
import {
  DEFAULT_GRACE_SECONDS,
  dateTimeText,
  GRACE_CHOICES,
  prefixText,
  rateLimitProblem,
} from '../api-key-display'
import styles from './api-keys.module.css'

const { min, max } = API_KEY_RATE_LIMIT

/** The key itself, shown this once with a copy button: the server keeps only its hash. */
function IssuedKey({
  issued,
  onDone,
  children,
}: {
  issued: IssuedApiKey
  onDone: () => void
  children?: string
}) {
  return (
    <SecretShownOnce
      title="Copy this key now: you will not see it again"
      label={`The key “${issued.apiKey.name}”`}
      secret={issued.key}
      what="the API key"
      onDone={onDone}
    >
      Store it where your code reads its secrets. Only a hash of it is kept, so it cannot be shown again; if
      it is lost, rotate the key. {children}
    </SecretShownOnce>
  )
}

/** Create a key: name, scopes (checkboxes with what each allows) and rate limit; then the key, shown once. */
export function CreateApiKeyDialog({
  organizationId,
  open,
  onClose,
}: {
  organizationId: string
  open: boolean
  onClose: () => void
}) {
  const [issued, setIssued] = useState<IssuedApiKey>()
  const close = () => {
    setIssued(undefined)
    onClose()
  }
  return (
    <Dialog open={open} onClose={close} title={issued ? 'Your new API key' : 'Create API key'}>
      {open &&
        (issued ? (
          <IssuedKey issued={issued} onDone={close} />
        ) : (
          <CreateForm organizationId={organizationId} onCreated={setIssued} onCancel={close} />
        ))}
    </Dialog>
  )
}

function CreateForm({
  organizationId,
  onCreated,
  onCancel,
}: {
  organizationId: string
  onCreated: (issued: IssuedApiKey) => void
  onCancel: () => void
}) {
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiScope[]>([])
  const [rateLimit, setRateLimit] = useState(String(API_KEY_RATE_LIMIT.default))
  const [problems, setProblems] = useState<{ name?: string; scopes?: string; rateLimit?: string }>({})
  const create = useCreateApiKey(organizationId)

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = {
      name: name.trim() ? undefined : 'Give the key a name, e.g. where it is used.',
      scopes: scopes.length ? undefined : 'Choose at least one scope.',
      rateLimit: rateLimitProblem(rateLimit, min, max),
    }
    setProblems(found)
    if (found.name || found.scopes || found.rateLimit) return
    create.mutate(
      { name: name.trim(), scopes, rateLimitPerMinute: Number(rateLimit) },
      { onSuccess: onCreated },
    )
  }

  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes(on ? [...scopes, scope] : scopes.filter((chosen) => chosen !== scope))

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label="Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoComplete="off"
        maxLength={100}
        placeholder="Production backend"
        error={problems.name}
      />
      <fieldset className={styles.fieldset} aria-describedby={problems.scopes ? 'scopes-problem' : undefined}>
        <legend>Scopes</legend>
        {API_SCOPE_LIST.map((scope) => (
          <label key={scope} className={styles.check}>
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            <span>
              <span className={styles.scopeName}>{scope}</span> — {API_SCOPE_LABELS[scope]}
            </span>
          </label>
        ))}
        {problems.scopes && (
          <p id="scopes-problem" className={styles.error}>
            {problems.scopes}
          </p>
        )}
      </fieldset>
      <TextField
        label="Rate limit (requests a minute)"
        hint={`From ${min} to ${max.toLocaleString('en-US')}; calls past it are answered 429.`}
        inputMode="numeric"
        value={rateLimit}
        onChange={(event) => setRateLimit(event.target.value)}
        error={problems.rateLimit}
      />
      {create.isError && (
        <Alert tone="danger" role="alert">
          {errorMessage(create.error)}
        </Alert>
      )}
      <DialogFooter onCancel={onCancel} pending={create.isPending}>
        <Button type="submit" loading={create.isPending}>
          Create key
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Rename a key or change its rate limit. */
export function EditApiKeyDialog({
  organizationId,
  apiKey,
  onClose,
}: {
  organizationId: string
  apiKey: ApiKey | undefined
  onClose: () => void
}) {
  return (
    <Dialog open={apiKey !== undefined} onClose={onClose} title={`Edit ${apiKey?.name ?? ''}`}>
      {apiKey && (
        <EditForm key={apiKey.keyId} organizationId={organizationId} apiKey={apiKey} onClose={onClose} />
      )}
    </Dialog>
  )
}

function EditForm({
  organizationId,
  apiKey,
  onClose,
}: {
  organizationId: string
  apiKey: ApiKey
  onClose: () => void
}) {
  const [name, setName] = useState(apiKey.name)
  const [rateLimit, setRateLimit] = useState(String(apiKey.rateLimitPerMinute))
  const [problems, setProblems] = useState<{ name?: string; rateLimit?: string }>({})
  const update = useUpdateApiKey(organizationId, apiKey.keyId)

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = {
      name: name.trim() ? undefined : 'Give the key a name.',
      rateLimit: rateLimitProblem(rateLimit, min, max),
    }
    setProblems(found)
    if (found.name || found.rateLimit) return
    update.mutate(
      { name: name.trim(), rateLimitPerMinute: Number(rateLimit) },
      {
        onSuccess: (saved) => {
          toast.success(`Saved ${saved.name}.`)
          onClose()
        },
      },
    )
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label="Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={100}
        error={problems.name}
      />
      <TextField
        label="Rate limit (requests a minute)"
        hint={`From ${min} to ${max.toLocaleString('en-US')}.`}
        inputMode="numeric"
        value={rateLimit}
        onChange={(event) => setRateLimit(event.target.value)}
        error={problems.rateLimit}
      />
      {update.isError && (
        <Alert tone="danger" role="alert">
          {errorMessage(update.error)}
        </Alert>
      )}
      <DialogFooter onCancel={onClose} pending={update.isPending}>
        <Button type="submit" loading={update.isPending}>
          Save
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Rotate: choose how long the current secret keeps working, then the new key, shown once. */
export function RotateApiKeyDialog({
  organizationId,
  apiKey,
  onClose,
}: {
  organizationId: string
  apiKey: ApiKey | undefined
  onClose: () => void
}) {
  const [issued, setIssued] = useState<IssuedApiKey>()
  const close = () => {
    setIssued(undefined)
    onClose()
  }
  return (
    <Dialog
      open={apiKey !== undefined}
      onClose={close}
      title={issued ? 'Your rotated API key' : `Rotate ${apiKey?.name ?? ''}`}
    >
      {apiKey &&
        (issued ? (
          <IssuedKey issued={issued} onDone={close}>
            {issued.apiKey.previousSecretValidUntil
              ? `The previous key keeps working until ${dateTimeText(issued.apiKey.previousSecretValidUntil)}.`
              : 'The previous key stopped working now.'}
          </IssuedKey>
        ) : (
          <RotateForm
            organizationId={organizationId}
            apiKey={apiKey}
            onRotated={setIssued}
            onCancel={close}
          />
        ))}
    </Dialog>
  )
}

function RotateForm({
  organizationId,
  apiKey,
  onRotated,
  onCancel,
}: {
  organizationId: string
  apiKey: ApiKey
  onRotated: (issued: IssuedApiKey) => void
  onCancel: () => void
}) {
  const [grace, setGrace] = useState(String(DEFAULT_GRACE_SECONDS))
  const rotate = useRotateApiKey(organizationId, apiKey.keyId)
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault()
        rotate.mutate({ graceSeconds: Number(grace) }, { onSuccess: onRotated })
      }}
    >
      <p>
        A new secret replaces the current one. Keep the current one working for a while so your deployments
        can switch to the new key without failing calls.
      </p>
      <SelectField
        label="The current key keeps working for"
        value={grace}
        onChange={(event) => setGrace(event.target.value)}
      >
        {GRACE_CHOICES.map((choice) => (
          <option key={choice.seconds} value={choice.seconds}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      {rotate.isError && (
        <Alert tone="danger" role="alert">
          {errorMessage(rotate.error)}
        </Alert>
      )}
      <DialogFooter onCancel={onCancel} pending={rotate.isPending}>
        <Button type="submit" loading={rotate.isPending}>
          Rotate key
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Revoke, after a confirmation: the key's next call is refused. */
export function RevokeApiKeyButton({ organizationId, apiKey }: { organizationId: string; apiKey: ApiKey }) {
  const revoke = useRevokeApiKey(organizationId, apiKey.keyId)
  return (
    <ConfirmDialog
      triggerLabel="Revoke"
      title={`Revoke ${apiKey.name}?`}
      confirmLabel="Revoke key"
      pending={revoke.isPending}
      onConfirm={(close) =>
        revoke.mutate(undefined, {
          onSuccess: () => {
            toast.success(`Revoked ${apiKey.name}: its calls are refused from now on.`)
            close()
          },
          onError: (error) => toast.danger(`Could not revoke ${apiKey.name}: ${errorMessage(error)}`),
        })
      }
    >
      <p>
        Calls with <code>{prefixText(apiKey)}</code> are refused from the next one on, and so is its previous
        secret after a rotation. This cannot be undone: create a new key instead.
      </p>
    </ConfirmDialog>
  )
}
