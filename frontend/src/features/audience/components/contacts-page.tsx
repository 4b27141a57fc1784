import { type OrganizationSummary, planUnlocks } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Button, ButtonLink } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { useSelectedAwsAccount } from '../../aws-accounts/use-selected-aws-account'
import { CONTACT_PAGE_SIZE, contactQueries, topicQueries } from '../api/audience'
import {
  type ContactView,
  type CursorStack,
  countLine,
  currentCursor,
  EMPTY_VIEW,
  filterQuery,
  hasFilters,
  nextPage,
  pageLine,
  previousPage,
  searchForView,
  viewFromSearch,
} from '../contact-view'
import styles from './audience.module.css'
import { AudienceLocked } from './audience-locked'
import { BulkActions } from './bulk-actions'
import { ContactDialog } from './contact-dialog'
import { ContactFilters } from './contact-filters'
import { ContactTable } from './contact-table'
import { ExportContactsButton } from './export-button'
import { SuppressionSyncPanel } from './suppression-sync-panel'

const TITLE = 'Contacts'
const WHAT_THEY_ARE =
  'Your audience: the people who asked to hear from you, with the topics they chose. Add them by hand or import a CSV file, search and filter them by topic and subscription status, export them when you need to.'

/** `/app/audience/contacts`: the filtered, paged contact list with bulk actions, add, import and export. */
export function ContactsPage({ organization }: { organization: OrganizationSummary }) {
  if (!planUnlocks(organization.plan, 'audience')) {
    return (
      <AudienceLocked organization={organization} title={TITLE} lead="The people you send campaigns to.">
        {WHAT_THEY_ARE}
      </AudienceLocked>
    )
  }
  return <ContactList organizationId={organization.id} />
}

function ContactList({ organizationId }: { organizationId: string }) {
  const [search, setSearch] = useSearchParams()
  const navigate = useNavigate()
  const view = viewFromSearch(search)
  const filters = filterQuery(view)
  const filterKey = JSON.stringify(filters)
  const [paging, setPaging] = useState<{ key: string; cursors: CursorStack }>({ key: filterKey, cursors: [] })
  const cursors = paging.key === filterKey ? paging.cursors : []
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: filterKey,
    ids: new Set(),
  })
  const selected = selection.key === filterKey ? selection.ids : new Set<string>()
  const [adding, setAdding] = useState(false)
  const top = useRef<HTMLDivElement>(null)

  const topics = useQuery(topicQueries.list(organizationId))
  const { selected: awsAccount } = useSelectedAwsAccount()
  const list = useQuery(contactQueries.page(organizationId, filters, currentCursor(cursors)))
  const counted = useQuery(contactQueries.count(organizationId, filters)).data?.count
  const data = list.data
  const stale = list.isPlaceholderData
  const filtered = hasFilters(view)
  const page = cursors.length + 1
  // Filters the counters cannot count are still counted exactly when one page holds every match.
  const count = counted ?? (page === 1 && data && !data.nextCursor && !stale ? data.items.length : counted)
  // An empty audience: no filters or export to offer, only the ways to add contacts.
  const nothingYet =
    data !== undefined && data.items.length === 0 && !data.nextCursor && !filtered && page === 1

  const changeView = (next: ContactView) => {
    const query = searchForView(next)
    setSearch(
      new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1])),
      {
        replace: true,
      },
    )
  }
  const go = (next: CursorStack) => {
    setPaging({ key: filterKey, cursors: next })
    top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }

  return (
    <div className={pageStyles.page} ref={top}>
      <header className={styles.pageHeader}>
        <div className={pageStyles.header}>
          <h1>{TITLE}</h1>
          <p className={pageStyles.lead}>The people you send campaigns to, with the topics they chose.</p>
        </div>
        <div className={styles.actions}>
          <Button onClick={() => setAdding(true)}>Add contact</Button>
          <ButtonLink to={paths.contactsImport()} variant="secondary">
            Import CSV
          </ButtonLink>
          {!nothingYet && <ExportContactsButton organizationId={organizationId} view={view} />}
        </div>
      </header>

      {topics.isError && (
        <Alert tone="warning" role="alert">
          Could not load the topics: {errorMessage(topics.error)}
        </Alert>
      )}
      {!nothingYet && <ContactFilters view={view} topics={topics.data ?? []} onChange={changeView} />}

      {data === undefined ? (
        list.isError ? (
          <LoadError
            title="Could not load the contacts"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <LoadingLines lines={6} label="Loading the contacts" />
        )
      ) : (
        <>
          {list.isError && (
            <Alert tone="warning" role="alert">
              Could not refresh the list: {errorMessage(list.error)}
            </Alert>
          )}
          {data.items.length === 0 && !data.nextCursor ? (
            <EmptyContacts
              filtered={filtered}
              firstPage={page === 1}
              onAdd={() => setAdding(true)}
              onClear={() => changeView(EMPTY_VIEW)}
              onFirst={() => go([])}
            />
          ) : (
            <>
              <BulkActions
                organizationId={organizationId}
                selected={selected}
                topics={topics.data ?? []}
                total={countLine(count, filtered)}
                onDone={() => setSelection({ key: filterKey, ids: new Set() })}
              />
              {data.items.length === 0 ? (
                <p className={styles.muted} role="status">
                  No matches on this stretch of the list: the search goes on with ‘Next page’.
                </p>
              ) : (
                <ContactTable
                  contacts={data.items}
                  topics={topics.data ?? []}
                  selected={selected}
                  onSelect={(ids) => setSelection({ key: filterKey, ids })}
                  stale={stale}
                />
              )}
            </>
          )}
          {filtered && data.items.length > 0 && (
            <div>
              <Button variant="ghost" size="small" onClick={() => changeView(EMPTY_VIEW)}>
                Clear filters
              </Button>
            </div>
          )}
          {(page > 1 || data.nextCursor) && (
            <nav className={styles.pager} aria-label="Contact pages">
              <Button
                variant="secondary"
                size="small"
                disabled={page === 1}
                onClick={() => go(previousPage(cursors))}
              >
                ← Previous page
              </Button>
              <span aria-live="polite">
                {pageLine(page, count, CONTACT_PAGE_SIZE)}
                {stale && ' · loading…'}
              </span>
              <Button
                variant="secondary"
                size="small"
                disabled={!data.nextCursor || stale}
                onClick={() => go(nextPage(cursors, data.nextCursor))}
              >
                Next page →
              </Button>
            </nav>
          )}
        </>
      )}

      <SuppressionSyncPanel organizationId={organizationId} selected={awsAccount} />

      <ContactDialog
        organizationId={organizationId}
        open={adding}
        topics={topics.data ?? []}
        onClose={() => setAdding(false)}
        onCreated={(contact) => navigate(paths.contact(contact.id))}
      />
    </div>
  )
}

function EmptyContacts({
  filtered,
  firstPage,
  onAdd,
  onClear,
  onFirst,
}: {
  filtered: boolean
  firstPage: boolean
  onAdd: () => void
  onClear: () => void
  onFirst: () => void
}) {
  if (!firstPage) {
    return (
      <section className={pageStyles.empty} aria-label="No more contacts">
        <p className={pageStyles.emptyTitle}>No more contacts</p>
        <Button variant="secondary" size="small" onClick={onFirst}>
          Back to the first page
        </Button>
      </section>
    )
  }
  if (filtered) {
    return (
      <section className={pageStyles.empty} aria-label="No contacts found">
        <p className={pageStyles.emptyTitle}>No contacts match these filters</p>
        <p>The search matches the start of an email address, a first name or a full name.</p>
        <Button variant="secondary" size="small" onClick={onClear}>
          Clear filters
        </Button>
      </section>
    )
  }
  return (
    <section className={pageStyles.empty} aria-labelledby="contacts-empty">
      <p id="contacts-empty" className={pageStyles.emptyTitle}>
        No contacts yet
      </p>
      <p>{WHAT_THEY_ARE}</p>
      <div className={pageStyles.toolbar}>
        <Button onClick={onAdd}>Add contact</Button>
        <ButtonLink to={paths.contactsImport()} variant="secondary">
          Import CSV
        </ButtonLink>
      </div>
    </section>
  )
}
