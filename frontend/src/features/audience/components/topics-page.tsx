import { type OrganizationSummary, planUnlocks, type Topic } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { topicQueries } from '../api/audience'
import { countText, DEFAULT_STATUS_TEXT } from '../audience-display'
import styles from './audience.module.css'
import { AudienceLocked } from './audience-locked'
import { ExportTopicButton } from './export-button'
import { SignupEmbedDialog } from './signup-embed-dialog'
import { DeleteTopicDialog, TopicDialog } from './topic-dialogs'

const TITLE = 'Topics'
const WHAT_THEY_ARE =
  'Topics are the subscriptions people choose: product news, release notes, a weekly digest. Campaigns go to one topic; each contact can opt in or out of each one, and the unsubscribe page lists them.'

/** `/app/audience/topics`: the organization's topics with their counts; new, edit, export and delete. */
export function TopicsPage({ organization }: { organization: OrganizationSummary }) {
  if (!planUnlocks(organization.plan, 'audience')) {
    return (
      <AudienceLocked
        organization={organization}
        title={TITLE}
        lead="The subscriptions your contacts opt in to."
      >
        {WHAT_THEY_ARE}
      </AudienceLocked>
    )
  }
  return <TopicList organizationId={organization.id} />
}

function TopicList({ organizationId }: { organizationId: string }) {
  const list = useQuery(topicQueries.list(organizationId))
  const [editing, setEditing] = useState<Topic | 'new'>()
  const [deleting, setDeleting] = useState<Topic>()
  const [embedding, setEmbedding] = useState<Topic>()
  const topics = list.data ?? []

  return (
    <div className={pageStyles.page}>
      <header className={styles.pageHeader}>
        <div className={pageStyles.header}>
          <h1>{TITLE}</h1>
          <p className={pageStyles.lead}>
            The subscriptions your contacts opt in to, with how many are subscribed to each.
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>New topic</Button>
      </header>

      {list.data === undefined ? (
        list.isError ? (
          <LoadError
            title="Could not load the topics"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <LoadingLines lines={4} label="Loading the topics" />
        )
      ) : topics.length === 0 ? (
        <section className={pageStyles.empty} aria-labelledby="topics-empty">
          <p id="topics-empty" className={pageStyles.emptyTitle}>
            No topics yet
          </p>
          <p>{WHAT_THEY_ARE}</p>
          <Button onClick={() => setEditing('new')}>New topic</Button>
        </section>
      ) : (
        <>
          {list.isError && (
            <Alert tone="warning" role="alert">
              Could not refresh the topics: {errorMessage(list.error)}
            </Alert>
          )}
          <ul className={styles.rows} aria-label="Topics">
            {topics.map((topic) => (
              <TopicRow
                key={topic.id}
                topic={topic}
                onEdit={setEditing}
                onDelete={setDeleting}
                onEmbed={setEmbedding}
              />
            ))}
          </ul>
        </>
      )}

      <TopicDialog
        organizationId={organizationId}
        topic={editing}
        taken={new Set(topics.filter((topic) => topic !== editing).map((topic) => topic.name.toLowerCase()))}
        onClose={() => setEditing(undefined)}
      />
      <SignupEmbedDialog topic={embedding} onClose={() => setEmbedding(undefined)} />
      <DeleteTopicDialog
        organizationId={organizationId}
        topic={deleting}
        onClose={() => setDeleting(undefined)}
      />
    </div>
  )
}

function TopicRow({
  topic,
  onEdit,
  onDelete,
  onEmbed,
}: {
  topic: Topic
  onEmbed: (topic: Topic) => void
  onEdit: (topic: Topic) => void
  onDelete: (topic: Topic) => void
}) {
  const deleting = topic.status === 'deleting'
  return (
    <li className={deleting ? `${styles.row} ${styles.stale}` : styles.row}>
      <div className={styles.rowMain}>
        <Link to={paths.contacts({ topicId: topic.id })} className={styles.name}>
          {topic.name}
        </Link>
        {topic.description && <span className={styles.muted}>{topic.description}</span>}
        <span className={styles.badges}>
          <Badge color={topic.defaultSubscriptionStatus === 'OPT_IN' ? 'green' : 'neutral'}>
            {DEFAULT_STATUS_TEXT[topic.defaultSubscriptionStatus]}
          </Badge>
          {topic.doubleOptIn && <Badge color="purple">Double opt-in</Badge>}
          {deleting && <Badge color="orange">Being deleted</Badge>}
        </span>
      </div>
      <dl className={styles.counts} aria-label={`Contacts of ${topic.name}`}>
        <div>
          <dt>Subscribed</dt>
          <dd>{countText(topic.counts.subscribed)}</dd>
        </div>
        <div>
          <dt>Unsubscribed</dt>
          <dd>{countText(topic.counts.unsubscribed)}</dd>
        </div>
        {topic.counts.pending > 0 && (
          <div>
            <dt>Pending</dt>
            <dd>{countText(topic.counts.pending)}</dd>
          </div>
        )}
        <div>
          <dt>Total</dt>
          <dd>{countText(topic.counts.total)}</dd>
        </div>
      </dl>
      {deleting ? (
        <span className={styles.muted}>Removing its subscriptions…</span>
      ) : (
        <span className={styles.rowActions}>
          <ButtonLink to={paths.contacts({ topicId: topic.id })} variant="ghost" size="small">
            Contacts<span className="visually-hidden"> of {topic.name}</span>
          </ButtonLink>
          <ExportTopicButton topic={topic} />
          <Button variant="ghost" size="small" onClick={() => onEmbed(topic)}>
            Signup form<span className="visually-hidden"> for {topic.name}</span>
          </Button>
          <Button variant="ghost" size="small" onClick={() => onEdit(topic)}>
            Edit<span className="visually-hidden"> {topic.name}</span>
          </Button>
          <Button variant="ghost" size="small" onClick={() => onDelete(topic)}>
            Delete<span className="visually-hidden"> {topic.name}</span>
          </Button>
        </span>
      )}
    </li>
  )
}
