import { CAMPAIGN_TOPICS_MAX, type Campaign } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { topicQueries } from '../../audience/api/audience'
import { campaignQueries } from '../api/campaigns'
import { countText, plural } from '../campaign-display'
import styles from './campaigns.module.css'

/** Step 2: one or more topics; the recipient count is the pre-flight's (opted in, minus suppressed and the like). */
export function AudienceStep({
  organizationId,
  campaign,
  pending,
  error,
  onSave,
  onBack,
}: {
  organizationId: string
  campaign: Campaign
  pending: boolean
  error: unknown
  /** `stay`: save and count here instead of going on to the next step. */
  onSave: (topicIds: string[], stay: boolean) => void
  onBack: () => void
}) {
  const topics = useQuery(topicQueries.list(organizationId))
  const [chosen, setChosen] = useState<string[]>(campaign.topicIds)
  const saved =
    chosen.length === campaign.topicIds.length && chosen.every((id) => campaign.topicIds.includes(id))
  const preflight = useQuery({
    ...campaignQueries.preflight(organizationId, campaign.id),
    enabled: campaign.topicIds.length > 0,
  })
  const [problem, setProblem] = useState<string>()
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]))

  return (
    <form
      className={styles.panel}
      aria-labelledby="audience-title"
      onSubmit={(event) => {
        event.preventDefault()
        if (chosen.length === 0) return setProblem('Choose at least one topic.')
        setProblem(undefined)
        onSave(chosen, false)
      }}
    >
      <h2 id="audience-title">Audience</h2>
      <p className={styles.muted}>
        The campaign goes to the contacts subscribed to any of these topics, each once. Unsubscribed, bounced,
        complained and suppressed contacts are left out.
      </p>
      {topics.isError ? (
        <LoadError
          title="Could not load the topics"
          error={topics.error}
          onRetry={() => void topics.refetch()}
        />
      ) : topics.data === undefined ? (
        <LoadingLines lines={3} label="Loading the topics" />
      ) : topics.data.length === 0 ? (
        <Alert tone="info" title="No topics yet">
          Campaigns go to the contacts of a topic. <Link to={paths.topics()}>Create a topic</Link>, then add
          or import contacts.
        </Alert>
      ) : (
        <fieldset className={styles.column}>
          <legend className="visually-hidden">Topics</legend>
          <ul className={styles.checks}>
            {topics.data.map((topic) => (
              <li key={topic.id} className={styles.check}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.includes(topic.id)}
                    disabled={!chosen.includes(topic.id) && chosen.length >= CAMPAIGN_TOPICS_MAX}
                    onChange={() => toggle(topic.id)}
                  />
                  {topic.name}
                </label>
                <span className={styles.muted}>{plural(topic.counts.subscribed, 'subscriber')}</span>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <p aria-live="polite">
        {campaign.topicIds.length === 0 || !saved ? (
          <span className={styles.muted}>Save the topics to count the recipients.</span>
        ) : preflight.data ? (
          <strong>
            {plural(preflight.data.recipients.count, 'recipient')}
            {preflight.data.recipients.partial
              ? ` (counted ${countText(preflight.data.recipients.checked)} so far)`
              : ''}
          </strong>
        ) : preflight.isError ? (
          <span>Could not count the recipients: {errorMessage(preflight.error)}</span>
        ) : (
          <span className={styles.muted}>Counting the recipients…</span>
        )}
      </p>
      {(problem || (error !== undefined && error !== null)) && (
        <Alert tone="danger" role="alert">
          {problem ?? errorMessage(error)}
        </Alert>
      )}
      <div className={styles.footer}>
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <div className={styles.actions}>
          {!saved && chosen.length > 0 && (
            <Button variant="secondary" loading={pending} onClick={() => onSave(chosen, true)}>
              Save and count
            </Button>
          )}
          <Button type="submit" loading={pending}>
            Save and continue
          </Button>
        </div>
      </div>
    </form>
  )
}
