import type { BulkContactsResult, JobSummary, Topic } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogFooter } from '../../../components/ui/dialog'
import dialogStyles from '../../../components/ui/dialog.module.css'
import { SelectField } from '../../../components/ui/select-field'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import { JobProgress } from '../../jobs/components/job-progress'
import { refreshAudience, useBulkContacts } from '../api/audience'
import { bulkResultText, countText, type OptStatus } from '../audience-display'
import styles from './audience.module.css'

type TopicChange = OptStatus | 'DEFAULT'

/** The selection's bar: how many, delete them, or subscribe / unsubscribe / reset them for a topic. */
export function BulkActions({
  organizationId,
  selected,
  topics,
  total,
  onDone,
}: {
  organizationId: string
  selected: ReadonlySet<string>
  topics: readonly Topic[]
  /** The list's total in words ("287 contacts"), when known. */
  total?: string | null
  onDone: () => void
}) {
  const [dialog, setDialog] = useState<'delete' | 'topics'>()
  const [job, setJob] = useState<JobSummary>()
  const bulk = useBulkContacts(organizationId)
  const queryClient = useQueryClient()
  const count = selected.size
  const noun = count === 1 ? 'contact' : 'contacts'

  const finish = (answer: BulkContactsResult, done: string) => {
    setDialog(undefined)
    onDone()
    if (answer.job) setJob(answer.job)
    else if (answer.result) toast.success(`${done} ${bulkResultText(answer.result)}`)
  }

  return (
    <>
      <div className={styles.selectionBar}>
        <span className={count === 0 ? styles.muted : styles.selectionCount} aria-live="polite">
          {total && <span role="status">{total}</span>}
          {total && ' · '}
          {count === 0 ? 'Select contacts to change several at once' : `${countText(count)} ${noun} selected`}
        </span>
        {count > 0 && (
          <>
            <Button
              variant="secondary"
              size="small"
              onClick={() => setDialog('topics')}
              disabled={topics.length === 0}
            >
              Change topics
            </Button>
            <Button variant="danger" size="small" onClick={() => setDialog('delete')}>
              Delete
            </Button>
          </>
        )}
      </div>
      {job && (
        <JobProgress
          organizationId={organizationId}
          job={{ ...job, items: [] }}
          showItems={false}
          onFinished={() => refreshAudience(queryClient, organizationId)}
        />
      )}

      <Dialog
        open={dialog === 'delete'}
        onClose={() => setDialog(undefined)}
        title={`Delete ${countText(count)} ${noun}?`}
      >
        <div className={styles.form}>
          <p className={dialogStyles.body}>
            The {noun} and {count === 1 ? 'its' : 'their'} subscriptions are deleted. Addresses that bounced,
            complained or unsubscribed stay suppressed: adding or importing them again will not mail them.
          </p>
          {bulk.error !== null && (
            <Alert tone="danger" role="alert" title="Nothing was deleted">
              {errorMessage(bulk.error)}
            </Alert>
          )}
          <DialogFooter onCancel={() => setDialog(undefined)} pending={bulk.isPending}>
            <Button
              variant="danger"
              loading={bulk.isPending}
              onClick={() =>
                bulk.mutate(
                  { contactIds: [...selected], action: { type: 'delete' } },
                  { onSuccess: (answer) => finish(answer, 'Deleted:') },
                )
              }
            >
              Delete {noun}
            </Button>
          </DialogFooter>
        </div>
      </Dialog>

      <Dialog
        open={dialog === 'topics'}
        onClose={() => setDialog(undefined)}
        title={`Change topics of ${countText(count)} ${noun}`}
      >
        <TopicChangeForm
          topics={topics}
          pending={bulk.isPending}
          error={bulk.error}
          onCancel={() => setDialog(undefined)}
          onSubmit={(topicId, change) =>
            bulk.mutate(
              {
                contactIds: [...selected],
                action: {
                  type: 'topics',
                  topicPreferences: [{ topicId, status: change === 'DEFAULT' ? null : change }],
                },
              },
              { onSuccess: (answer) => finish(answer, 'Topics changed:') },
            )
          }
        />
      </Dialog>
    </>
  )
}

function TopicChangeForm({
  topics,
  pending,
  error,
  onCancel,
  onSubmit,
}: {
  topics: readonly Topic[]
  pending: boolean
  error: unknown
  onCancel: () => void
  onSubmit: (topicId: string, change: TopicChange) => void
}) {
  const active = topics.filter((topic) => topic.status === 'active')
  const [topicId, setTopicId] = useState(active[0]?.id ?? '')
  const [change, setChange] = useState<TopicChange>('OPT_IN')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (topicId) onSubmit(topicId, change)
  }
  return (
    <form className={styles.form} onSubmit={submit}>
      <SelectField label="Topic" value={topicId} onChange={(event) => setTopicId(event.target.value)}>
        {active.map((topic) => (
          <option key={topic.id} value={topic.id}>
            {topic.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Change"
        value={change}
        onChange={(event) => setChange(event.target.value as TopicChange)}
      >
        <option value="OPT_IN">Subscribe</option>
        <option value="OPT_OUT">Unsubscribe</option>
        <option value="DEFAULT">Remove their choice (the topic’s default applies)</option>
      </SelectField>
      <p className={dialogStyles.body}>
        Suppressed contacts and people who left the topic themselves are not subscribed again.
      </p>
      {error !== null && (
        <Alert tone="danger" role="alert" title="Nothing was changed">
          {errorMessage(error)}
        </Alert>
      )}
      <DialogFooter onCancel={onCancel} pending={pending}>
        <Button type="submit" loading={pending} disabled={!topicId}>
          Apply
        </Button>
      </DialogFooter>
    </form>
  )
}
