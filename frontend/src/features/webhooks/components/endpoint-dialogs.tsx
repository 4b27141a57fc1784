import { WEBHOOK_EVENT_GROUPS, type WebhookEndpoint, type WebhookEventType } from '@app/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogFooter } from '../../../components/ui/dialog'
import { SecretShownOnce as SecretShown } from '../../../components/ui/secret-shown-once'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '../api/webhooks'
import { groupSelection, inCatalogOrder, toggleTypes, urlProblem } from '../webhook-display'
import styles from './webhooks.module.css'

/** What create and rotate answer: the endpoint and its signing secret, shown this once. */
export interface IssuedSecret {
  endpoint: WebhookEndpoint
  secret: string
}

/** The signing secret, shown once with a copy button, and how to check a delivery with it. */
export function SecretShownOnce({
  issued,
  rotated,
  onDone,
}: {
  issued: IssuedSecret | undefined
  rotated: boolean
  onDone: () => void
}) {
  return (
    <Dialog open={issued !== undefined} onClose={onDone} title="Your signing secret">
      {issued && (
        <SecretShown
          title="Copy this secret now: you will not see it again"
          label={`Signing secret of ${issued.endpoint.url}`}
          secret={issued.secret}
          what="the signing secret"
          onDone={onDone}
        >
          Your receiver needs it to check that a delivery comes from us. It is stored encrypted and never
          shown again; if it is lost, rotate it.
          {rotated &&
            ' The previous secret keeps signing beside this one for 24 hours, so switch your receiver to it within that time.'}
        </SecretShown>
      )}
    </Dialog>
  )
}

/** Add an endpoint, or edit one (`endpoint`): its https URL, a description and the event types it receives. */
export function EndpointDialog({
  organizationId,
  open,
  endpoint,
  onClose,
  onCreated,
}: {
  organizationId: string
  open: boolean
  endpoint?: WebhookEndpoint
  onClose: () => void
  onCreated: (issued: IssuedSecret) => void
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
      wide
    >
      {open && (
        <EndpointForm
          key={endpoint?.id ?? 'new'}
          organizationId={organizationId}
          endpoint={endpoint}
          onClose={onClose}
          onCreated={onCreated}
        />
      )}
    </Dialog>
  )
}

function EndpointForm({
  organizationId,
  endpoint,
  onClose,
  onCreated,
}: {
  organizationId: string
  endpoint: WebhookEndpoint | undefined
  onClose: () => void
  onCreated: (issued: IssuedSecret) => void
}) {
  const [url, setUrl] = useState(endpoint?.url ?? '')
  const [description, setDescription] = useState(endpoint?.description ?? '')
  const [types, setTypes] = useState<WebhookEventType[]>(inCatalogOrder(endpoint?.eventTypes ?? []))
  const [problems, setProblems] = useState<{ url?: string; types?: string }>({})
  const create = useCreateWebhookEndpoint(organizationId)
  const update = useUpdateWebhookEndpoint(organizationId, endpoint?.id ?? '')
  const saving = endpoint ? update : create

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = {
      url: urlProblem(url),
      types: types.length ? undefined : 'Choose at least one event type.',
    }
    setProblems(found)
    if (found.url || found.types) return
    const body = { url: url.trim(), description: description.trim(), eventTypes: types }
    if (endpoint)
      update.mutate(body, {
        onSuccess: (saved) => {
          toast.success(`Saved ${saved.url}.`)
          onClose()
        },
      })
    else
      create.mutate(body, {
        onSuccess: (issued) => {
          onClose()
          onCreated(issued)
        },
      })
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label="Endpoint URL"
        hint="An https address of yours; its host must resolve to a public address."
        type="url"
        inputMode="url"
        value={url}
        onChange={(event) => {
          setUrl(event.target.value)
          setProblems({ ...problems, url: undefined })
        }}
        autoComplete="off"
        spellCheck={false}
        maxLength={2000}
        placeholder="https://example.com/webhooks/ses-studio"
        error={problems.url}
      />
      <TextField
        label="Description (optional)"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        maxLength={200}
        placeholder="CRM sync"
      />
      <fieldset
        className={styles.fieldset}
        aria-describedby={problems.types ? 'event-types-problem' : undefined}
      >
        <legend>Event types</legend>
        <div className={styles.groups}>
          {WEBHOOK_EVENT_GROUPS.map((group) => (
            <EventGroup
              key={group.label}
              group={group}
              chosen={types}
              onChange={(next) => {
                setTypes(next)
                setProblems({ ...problems, types: undefined })
              }}
            />
          ))}
        </div>
        {problems.types && (
          <p id="event-types-problem" className={styles.error}>
            {problems.types}
          </p>
        )}
      </fieldset>
      {saving.isError && (
        <Alert tone="danger" role="alert">
          {errorMessage(saving.error)}
        </Alert>
      )}
      <DialogFooter onCancel={onClose} pending={saving.isPending}>
        <Button type="submit" loading={saving.isPending}>
          {endpoint ? 'Save' : 'Add endpoint'}
        </Button>
      </DialogFooter>
    </form>
  )
}

function EventGroup({
  group,
  chosen,
  onChange,
}: {
  group: (typeof WEBHOOK_EVENT_GROUPS)[number]
  chosen: WebhookEventType[]
  onChange: (types: WebhookEventType[]) => void
}) {
  const selection = groupSelection(group, chosen)
  const all = group.types.map((entry) => entry.type)
  return (
    <fieldset className={styles.group}>
      <legend>{group.label}</legend>
      <label className={`${styles.check} ${styles.selectAll}`}>
        <input
          type="checkbox"
          checked={selection === 'all'}
          ref={(input) => {
            if (input) input.indeterminate = selection === 'some'
          }}
          onChange={(event) => onChange(toggleTypes(chosen, all, event.target.checked))}
        />
        <span>
          Select all<span className="visually-hidden"> {group.label.toLowerCase()} events</span>
        </span>
      </label>
      {group.types.map((entry) => (
        <label key={entry.type} className={styles.check}>
          <input
            type="checkbox"
            checked={chosen.includes(entry.type)}
            onChange={(event) => onChange(toggleTypes(chosen, [entry.type], event.target.checked))}
          />
          <span>
            {entry.label} <code className={styles.type}>{entry.type}</code>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
