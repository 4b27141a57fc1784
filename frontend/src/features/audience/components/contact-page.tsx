import {
  type ContactDetail,
  type OrganizationSummary,
  planUnlocks,
  principalName,
  type Topic,
} from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Fragment, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import gridStyles from '../../../components/ui/definition-grid.module.css'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { toast } from '../../../components/ui/toast-store'
import { isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { UpgradePrompt } from '../../billing/components/upgrade-prompt'
import { dateTimeText } from '../../templates/template-display'
import { contactQueries, topicQueries, useDeleteContact } from '../api/audience'
import {
  CONTACT_SOURCE_TEXT,
  contactName,
  PREFERENCE_TEXT,
  SOURCE_TEXT,
  SUPPRESSION_TEXT,
  subscriptionWhy,
  trailChanges,
} from '../audience-display'
import styles from './audience.module.css'
import { ContactActivity } from './contact-activity'
import { ContactDialog } from './contact-dialog'

const BACK = '← Contacts'

/** `/app/audience/contacts/:id`: subscriptions, attributes, consent trail and, when suppressed, why. */
export function ContactPage({ organization, id }: { organization: OrganizationSummary; id: string }) {
  if (!planUnlocks(organization.plan, 'audience')) {
    return (
      <div className={pageStyles.page}>
        <header className={pageStyles.header}>
          <h1>Contact</h1>
        </header>
        <UpgradePrompt feature="audience" organization={organization}>
          Contacts, their subscriptions and their consent trail belong to the audience.
        </UpgradePrompt>
      </div>
    )
  }
  return (
    <Contact
      organizationId={organization.id}
      id={id}
      campaigns={planUnlocks(organization.plan, 'campaigns')}
    />
  )
}

function Contact({
  organizationId,
  id,
  campaigns,
}: {
  organizationId: string
  id: string
  /** The plan has campaigns: the page shows the contact's campaign activity. */
  campaigns: boolean
}) {
  const query = useQuery(contactQueries.detail(organizationId, id))
  const topics = useQuery(topicQueries.list(organizationId))
  const contact = query.data
  if (!contact) {
    return (
      <div className={pageStyles.page}>
        <Link to={paths.contacts()} className={pageStyles.back}>
          {BACK}
        </Link>
        {query.isError ? (
          isApiError(query.error, 'contact.not_found') ? (
            <section className={pageStyles.empty} aria-label="Contact not found">
              <p className={pageStyles.emptyTitle}>This contact does not exist</p>
              <p>It was deleted, or belongs to another organization.</p>
            </section>
          ) : (
            <LoadError
              title="Could not load the contact"
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          )
        ) : (
          <LoadingLines lines={6} label="Loading the contact" />
        )}
      </div>
    )
  }
  return (
    <ContactView
      organizationId={organizationId}
      contact={contact}
      topics={topics.data ?? []}
      campaigns={campaigns}
    />
  )
}

function ContactView({
  organizationId,
  contact,
  topics,
  campaigns,
}: {
  organizationId: string
  contact: ContactDetail
  topics: readonly Topic[]
  campaigns: boolean
}) {
  const [editing, setEditing] = useState(false)
  const remove = useDeleteContact(organizationId)
  const navigate = useNavigate()
  const name = contactName(contact)
  const attributes = Object.entries(contact.attributes)
  const suppressedFromAll = contact.suppression?.all ?? null

  return (
    <div className={pageStyles.page}>
      <Link to={paths.contacts()} className={pageStyles.back}>
        {BACK}
      </Link>
      <header className={styles.pageHeader}>
        <div className={pageStyles.header}>
          <h1>{contact.email}</h1>
          <p className={pageStyles.lead}>
            {name ? `${name} · ` : ''}Added {CONTACT_SOURCE_TEXT[contact.source.kind]} on{' '}
            {dateTimeText(contact.createdAt)}
          </p>
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <ConfirmDialog
            triggerLabel="Delete"
            title={`Delete ${contact.email}?`}
            confirmLabel="Delete contact"
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(contact.id, {
                onSuccess: () => {
                  toast.success(`Deleted ${contact.email}.`)
                  navigate(paths.contacts())
                },
              })
            }
          >
            The contact and its subscriptions are deleted.{' '}
            {contact.suppressed
              ? 'The address stays suppressed: adding or importing it again will not mail it.'
              : 'This cannot be undone.'}
          </ConfirmDialog>
        </div>
      </header>

      {suppressedFromAll && (
        <Alert tone="danger" title="Suppressed: no campaign is sent to this address">
          {SUPPRESSION_TEXT[suppressedFromAll.reason]} Since {dateTimeText(suppressedFromAll.at)}
          {suppressedFromAll.detail ? ` (${suppressedFromAll.detail})` : ''}. Only the person can subscribe
          again, from the preferences page.
        </Alert>
      )}
      {!suppressedFromAll && contact.unsubscribeAll && (
        <Alert tone="warning" title="Unsubscribed from everything">
          No campaign is sent to this address, whatever its topics say.
        </Alert>
      )}

      <div className={styles.detailGrid}>
        <Card
          title="Subscriptions"
          description="What each topic sends this contact, and whether the contact chose it."
        >
          {contact.subscriptions.length === 0 ? (
            <p className={styles.muted}>The organization has no topics yet.</p>
          ) : (
            <ul className={styles.trail} aria-label="Subscriptions">
              {contact.subscriptions.map((subscription) => (
                <li key={subscription.topicId}>
                  <span className={styles.name}>{subscription.topicName}</span>
                  <span className={styles.badges}>
                    <Badge color={PREFERENCE_TEXT[subscription.status].color}>
                      {PREFERENCE_TEXT[subscription.status].label}
                    </Badge>
                    <span className={styles.muted}>{subscriptionWhy(contact, subscription)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Attributes" description="Usable as template variables, like {{firstName}}.">
          <dl className={`${gridStyles.grid} ${styles.definitions}`}>
            <dt>First name</dt>
            <dd>{contact.firstName || '—'}</dd>
            <dt>Last name</dt>
            <dd>{contact.lastName || '—'}</dd>
            {attributes.map(([key, value]) => (
              <Fragment key={key}>
                <dt>{key}</dt>
                <dd>{value || '—'}</dd>
              </Fragment>
            ))}
          </dl>
        </Card>
      </div>

      {campaigns && <ContactActivity organizationId={organizationId} contactId={contact.id} />}

      <Card
        title="Consent trail"
        description="Every change of this contact’s subscriptions: who or what, when, from where."
      >
        {contact.trail.length === 0 ? (
          <p className={styles.muted}>No change recorded yet.</p>
        ) : (
          <ol className={styles.trail} aria-label="Consent trail">
            {contact.trail.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: trail entries have no id; the list is newest first and only grows at its head between reads
              <li key={`${entry.at}-${index}`}>
                <span className={styles.name}>{SOURCE_TEXT[entry.source]}</span>
                <span className={styles.muted}>
                  {dateTimeText(entry.at)}
                  {entry.by ? ` · by ${principalName(entry.by)}` : ''}
                  {entry.campaignId ? ` · campaign ${entry.campaignId}` : ''}
                  {entry.ip ? ` · from ${entry.ip}` : ''}
                </span>
                {trailChanges(entry, topics).map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </li>
            ))}
          </ol>
        )}
      </Card>

      <ContactDialog
        organizationId={organizationId}
        open={editing}
        contact={contact}
        topics={topics}
        onClose={() => setEditing(false)}
      />
    </div>
  )
}
