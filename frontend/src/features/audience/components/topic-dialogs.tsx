import type { Topic } from '@app/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogFooter } from '../../../components/ui/dialog'
import dialogStyles from '../../../components/ui/dialog.module.css'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { useDeleteTopic, useSaveTopic } from '../api/audience'
import { countText, type OptStatus, topicNameProblem } from '../audience-display'
import styles from './audience.module.css'

const NAME_TAKEN = 'Another topic has this name. Choose another.'

/** New topic (`topic` = 'new') or edit one: name, description, default status and double opt-in. */
export function TopicDialog({
  organizationId,
  topic,
  taken,
  onClose,
}: {
  organizationId: string
  topic: Topic | 'new' | undefined
  /** Lower-cased names of the other topics. */
  taken: ReadonlySet<string>
  onClose: () => void
}) {
  return (
    <Dialog
      open={topic !== undefined}
      onClose={onClose}
      title={topic === 'new' ? 'New topic' : `Edit ${topic?.name ?? ''}`}
    >
      {topic !== undefined && (
        <TopicForm
          organizationId={organizationId}
          topic={topic === 'new' ? undefined : topic}
          taken={taken}
          onClose={onClose}
        />
      )}
    </Dialog>
  )
}

function TopicForm({
  organizationId,
  topic,
  taken,
  onClose,
}: {
  organizationId: string
  topic: Topic | undefined
  taken: ReadonlySet<string>
  onClose: () => void
}) {
  const [name, setName] = useState(topic?.name ?? '')
  const [description, setDescription] = useState(topic?.description ?? '')
  const [defaultStatus, setDefaultStatus] = useState<OptStatus>(topic?.defaultSubscriptionStatus ?? 'OPT_OUT')
  const [doubleOptIn, setDoubleOptIn] = useState(topic?.doubleOptIn ?? false)
  const [problem, setProblem] = useState<string>()
  const save = useSaveTopic(organizationId, topic?.id)
  const nameTaken = isApiError(save.error, 'topic.name_exists')

  function submit(event: FormEvent) {
    event.preventDefault()
    const why = topicNameProblem(name) ?? (taken.has(name.trim().toLowerCase()) ? NAME_TAKEN : undefined)
    setProblem(why)
    if (why) return
    save.mutate(
      {
        name: name.trim(),
        description: description.trim(),
        defaultSubscriptionStatus: defaultStatus,
        doubleOptIn,
      },
      {
        onSuccess: (saved) => {
          toast.success(topic ? `Saved ${saved.name}.` : `Created ${saved.name}.`)
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
        autoComplete="off"
        maxLength={100}
        placeholder="Product updates"
        error={problem ?? (nameTaken ? NAME_TAKEN : undefined)}
      />
      <TextAreaField
        label="Description"
        hint="Shown to your contacts on the unsubscribe and preferences page."
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        maxLength={500}
        rows={3}
      />
      <fieldset className={styles.fieldset}>
        <legend>Contacts without a choice of their own</legend>
        <label className={styles.check}>
          <input
            type="radio"
            name="defaultStatus"
            checked={defaultStatus === 'OPT_OUT'}
            onChange={() => setDefaultStatus('OPT_OUT')}
          />
          Not subscribed until they opt in
        </label>
        <label className={styles.check}>
          <input
            type="radio"
            name="defaultStatus"
            checked={defaultStatus === 'OPT_IN'}
            disabled={doubleOptIn}
            onChange={() => setDefaultStatus('OPT_IN')}
          />
          Subscribed until they opt out{doubleOptIn ? ' (not with double opt-in)' : ''}
        </label>
      </fieldset>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={doubleOptIn}
          onChange={(event) => setDoubleOptIn(event.target.checked)}
        />
        Require confirmation (double opt-in): people who sign up get an email and are mailed only once they
        confirm
      </label>
      {save.error !== null && !nameTaken && (
        <Alert tone="danger" role="alert" title="The topic was not saved">
          {errorMessage(save.error)}
        </Alert>
      )}
      <DialogFooter onCancel={onClose} pending={save.isPending}>
        <Button type="submit" loading={save.isPending}>
          {topic ? 'Save topic' : 'Create topic'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Deleting a topic: its contacts stay, their preferences for it go (in the background). */
export function DeleteTopicDialog({
  organizationId,
  topic,
  onClose,
}: {
  organizationId: string
  topic: Topic | undefined
  onClose: () => void
}) {
  const remove = useDeleteTopic(organizationId)
  return (
    <Dialog open={topic !== undefined} onClose={onClose} title={`Delete ${topic?.name ?? 'topic'}?`}>
      {topic && (
        <div className={styles.form}>
          <p className={dialogStyles.body}>
            The topic and every contact’s choice for it are removed ({countText(topic.counts.total)} with a
            choice). The contacts themselves stay. This cannot be undone.
          </p>
          {remove.error !== null && (
            <Alert tone="danger" role="alert" title="The topic was not deleted">
              {errorMessage(remove.error)}
            </Alert>
          )}
          <DialogFooter onCancel={onClose} pending={remove.isPending}>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(topic.id, {
                  onSuccess: () => {
                    toast.success(`Deleted ${topic.name}.`)
                    onClose()
                  },
                })
              }
            >
              Delete topic
            </Button>
          </DialogFooter>
        </div>
      )}
    </Dialog>
  )
}
