import type { Topic } from '@app/contracts'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { STATUS_FILTER_TEXT } from '../audience-display'
import { type ContactView, TOPIC_STATUSES, type TopicStatus } from '../contact-view'
import styles from './audience.module.css'

/** Search by email or name, a topic with a status, and 'unsubscribed from everything'. */
export function ContactFilters({
  view,
  topics,
  onChange,
}: {
  view: ContactView
  topics: readonly Topic[]
  onChange: (view: ContactView) => void
}) {
  const [draft, setDraft] = useState(view.searchQuery ?? '')
  const [shown, setShown] = useState(view.searchQuery)
  // The address changed underneath (Clear filters, the back button): start the search box over from it.
  if (shown !== view.searchQuery) {
    setShown(view.searchQuery)
    setDraft(view.searchQuery ?? '')
  }

  return (
    <search aria-label="Filter the contacts">
      <form
        className={styles.filters}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          onChange({ ...view, searchQuery: draft.trim() || undefined })
        }}
      >
        <div className={styles.searchRow}>
          <TextField
            label="Search"
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder="Email or name, from the start"
            value={draft}
            maxLength={100}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </div>
        <SelectField
          label="Topic"
          value={view.topicId ?? ''}
          onChange={(event) => {
            const topicId = event.target.value || undefined
            onChange({
              ...view,
              topicId,
              ...(topicId ? {} : { status: undefined, optInByDefault: false, defaultStatus: false }),
            })
          }}
        >
          <option value="">All topics</option>
          {topics.map((topic) => (
            <option key={topic.id} value={topic.id}>
              {topic.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status in the topic"
          value={view.status ?? ''}
          disabled={!view.topicId}
          onChange={(event) => {
            const status = (event.target.value || undefined) as TopicStatus | undefined
            // SES's reading once a status is asked: a contact without a choice has the topic's default, unless
            // the box is cleared (a choice kept while the status changes).
            onChange({
              ...view,
              status,
              optInByDefault: status ? (view.status ? view.optInByDefault : true) : false,
            })
          }}
        >
          <option value="">{view.topicId ? 'Any status' : 'Choose a topic first'}</option>
          {TOPIC_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_FILTER_TEXT[status]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Unsubscribed from all"
          value={view.unsubscribeAll === undefined ? '' : String(view.unsubscribeAll)}
          onChange={(event) =>
            onChange({
              ...view,
              unsubscribeAll: event.target.value === '' ? undefined : event.target.value === 'true',
            })
          }
        >
          <option value="">Either</option>
          <option value="true">Only those who did</option>
          <option value="false">Only those who did not</option>
        </SelectField>
        {view.topicId && (
          <div className={styles.checks}>
            {view.status && (
              <label className={styles.check}>
                <input
                  type="checkbox"
                  checked={view.optInByDefault}
                  onChange={(event) => onChange({ ...view, optInByDefault: event.target.checked })}
                />
                Count contacts without a choice as the topic’s default
              </label>
            )}
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={view.defaultStatus}
                onChange={(event) => onChange({ ...view, defaultStatus: event.target.checked })}
              />
              Only contacts without a choice of their own
            </label>
          </div>
        )}
      </form>
    </search>
  )
}
