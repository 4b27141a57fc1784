import type { OrganizationSummary, TemplateSummary } from '@app/contracts'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Button, ButtonLink } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { awsAccountName } from '../../aws-accounts/aws-account-display'
import { useSelectedAwsAccount } from '../../aws-accounts/use-selected-aws-account'
import { JobList } from '../../jobs/components/job-list'
import { templateQueries } from '../api/templates'
import { DeleteTemplatesDialog } from '../components/delete-templates-dialog'
import { DuplicateDialog } from '../components/duplicate-dialog'
import { useAccountSes } from '../ses/use-account-ses'
import { actionsLeft } from '../template-actions'
import {
  hasFilters,
  SEARCH_MAX,
  SORT_LABELS,
  searchForView,
  type TemplateListView,
  type TemplateSort,
  viewFromSearch,
} from './list-view'
import styles from './template-list.module.css'
import { TemplateTable } from './template-table'

/** `/app/templates`: search, tag filter, sort, pages, selection with bulk delete, duplicate and delete. */
export function TemplateListPage({ organization }: { organization: OrganizationSummary }) {
  const [search, setSearch] = useSearchParams()
  const view = viewFromSearch(search)
  const changeView = (next: TemplateListView) => setSearch(searchForView(search, next), { replace: true })
  const list = useInfiniteQuery(templateQueries.list(organization.id, view))
  const tags = useQuery(templateQueries.tags(organization.id))
  const templates = list.data?.pages.flatMap((page) => page.items) ?? []
  const viewKey = JSON.stringify(view)
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: viewKey,
    ids: new Set(),
  })
  const selected = selection.key === viewKey ? selection.ids : new Set<string>()
  const select = (ids: ReadonlySet<string>) => setSelection({ key: viewKey, ids })
  const [deleting, setDeleting] = useState<readonly TemplateSummary[]>([])
  const [duplicating, setDuplicating] = useState<TemplateSummary>()
  const left = actionsLeft(organization)
  const empty = list.data !== undefined && templates.length === 0
  const { selected: selectedAccount } = useSelectedAwsAccount()
  const ses = useAccountSes(organization.id, selectedAccount, { resumeRunning: true })

  return (
    <div className={pageStyles.page}>
      <header className={styles.pageHeader}>
        <div className={pageStyles.header}>
          <h1>All templates</h1>
          <p className={pageStyles.lead}>
            Your Amazon SES email templates: edit them in HTML or MJML, preview them with sample data and send
            tests.
            {left !== null && ` ${left} of 5 template actions left this month.`}
          </p>
        </div>
        <div className={pageStyles.toolbar}>
          <ButtonLink to={paths.templatesSes()} variant="secondary">
            Templates in SES
          </ButtonLink>
          <ButtonLink to={paths.newTemplate()}>New template</ButtonLink>
        </div>
      </header>

      {ses.publishing.isError && (
        <Alert tone="danger" role="alert" title="Publishing did not start">
          {errorMessage(ses.publishing.error)}
        </Alert>
      )}
      <JobList
        organizationId={organization.id}
        jobs={ses.jobs}
        onFinished={ses.onJobFinished}
        onDismiss={ses.dismiss}
      />

      {!(empty && !hasFilters(view)) && <Filters view={view} onChange={changeView} tags={tags.data ?? []} />}

      {list.data === undefined ? (
        list.isError ? (
          <LoadError
            title="Could not load the templates"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <LoadingLines lines={6} label="Loading the templates" />
        )
      ) : empty ? (
        hasFilters(view) ? (
          <section className={pageStyles.empty} aria-label="No templates found">
            <p className={pageStyles.emptyTitle}>No templates match</p>
            <p>Nothing matches {describeFilters(view)}.</p>
            <Button variant="secondary" onClick={() => changeView({ ...view, q: '', tag: undefined })}>
              Clear filters
            </Button>
          </section>
        ) : (
          <EmptyTemplates />
        )
      ) : (
        <>
          {list.isError && (
            <Alert tone="warning" role="alert">
              Could not refresh the list: {errorMessage(list.error)}
            </Alert>
          )}
          <div className={styles.selectionBar} aria-live="polite">
            {selected.size > 0 ? (
              <>
                <span className={styles.selectionCount}>{selected.size} selected</span>
                {ses.awsAccount && (
                  <Button
                    size="small"
                    variant="secondary"
                    loading={ses.publishing.isPending}
                    onClick={() => ses.publish([...selected])}
                  >
                    Publish selected to SES
                  </Button>
                )}
                <Button
                  variant="danger"
                  size="small"
                  onClick={() => setDeleting(templates.filter((template) => selected.has(template.id)))}
                >
                  Delete selected
                </Button>
                <Button variant="ghost" size="small" onClick={() => select(new Set())}>
                  Clear selection
                </Button>
              </>
            ) : (
              <span className={pageStyles.muted}>
                {templates.length}
                {list.hasNextPage ? '+' : ''} {templates.length === 1 ? 'template' : 'templates'}
                {hasFilters(view) ? ` matching ${describeFilters(view)}` : ''}
              </span>
            )}
          </div>
          <TemplateTable
            templates={templates}
            selected={selected}
            onSelect={select}
            onDuplicate={setDuplicating}
            onDelete={(template) => setDeleting([template])}
            stale={list.isPlaceholderData}
            ses={
              ses.awsAccount
                ? {
                    statuses: ses.statuses,
                    failed: ses.overview.isError,
                    onPublish: (id) => ses.publish([id]),
                    account: awsAccountName(ses.awsAccount),
                  }
                : undefined
            }
          />
          {list.hasNextPage && (
            <div className={styles.more}>
              <Button
                variant="secondary"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          )}
        </>
      )}

      <DeleteTemplatesDialog
        organization={organization}
        templates={deleting}
        open={deleting.length > 0}
        onClose={() => setDeleting([])}
        onDeleted={() => select(new Set())}
      />
      <DuplicateDialog
        organization={organization}
        template={duplicating}
        taken={new Set(templates.map((template) => template.name))}
        onClose={() => setDuplicating(undefined)}
      />
    </div>
  )
}

function describeFilters(view: TemplateListView): string {
  const parts = [view.q && `“${view.q}”`, view.tag && `the tag ${view.tag}`].filter(Boolean)
  return parts.join(' with ')
}

function EmptyTemplates() {
  return (
    <section className={`${pageStyles.empty} ${styles.emptyStart}`} aria-labelledby="templates-empty">
      <p id="templates-empty" className={pageStyles.emptyTitle}>
        No templates yet
      </p>
      <p>
        Start from one of six ready-made emails (welcome, verify email, password reset, receipt, newsletter,
        announcement), each responsive, with a dark mode and sample data, or from a blank visual, MJML or HTML
        page.
      </p>
      <div className={pageStyles.toolbar}>
        <ButtonLink to={paths.newTemplate()}>Choose a starter</ButtonLink>
        <ButtonLink to={paths.newTemplate({ blank: 'VISUAL' })} variant="secondary">
          Blank visual
        </ButtonLink>
        <ButtonLink to={paths.newTemplate({ blank: 'MJML' })} variant="secondary">
          Blank MJML
        </ButtonLink>
        <ButtonLink to={paths.newTemplate({ blank: 'HTML' })} variant="secondary">
          Blank HTML
        </ButtonLink>
      </div>
    </section>
  )
}

function Filters({
  view,
  onChange,
  tags,
}: {
  view: TemplateListView
  onChange: (view: TemplateListView) => void
  tags: readonly { tag: string; count: number }[]
}) {
  const [draft, setDraft] = useState(view.q)
  const [shown, setShown] = useState(view.q)
  // The address changed underneath (Clear filters, the back button): the box follows it.
  if (shown !== view.q) {
    setShown(view.q)
    setDraft(view.q)
  }
  // Searching as one types, once typing pauses.
  useEffect(() => {
    if (draft.trim() === view.q) return
    const timer = setTimeout(() => onChange({ ...view, q: draft.trim() }), 300)
    return () => clearTimeout(timer)
  }, [draft, view, onChange])

  return (
    <search aria-label="Find templates">
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault()
          onChange({ ...view, q: draft.trim() })
        }}
      >
        <TextField
          label="Search by name"
          type="search"
          value={draft}
          maxLength={SEARCH_MAX}
          autoComplete="off"
          spellCheck={false}
          placeholder="welcome"
          onChange={(event) => setDraft(event.target.value)}
        />
        <SelectField
          label="Tag"
          value={view.tag ?? ''}
          onChange={(event) => onChange({ ...view, tag: event.target.value || undefined })}
        >
          <option value="">All tags</option>
          {view.tag && !tags.some((item) => item.tag === view.tag) && (
            <option value={view.tag}>{view.tag}</option>
          )}
          {tags.map((item) => (
            <option key={item.tag} value={item.tag}>
              {item.tag} ({item.count})
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Sort by"
          value={view.sort}
          onChange={(event) => onChange({ ...view, sort: event.target.value as TemplateSort })}
        >
          {(Object.keys(SORT_LABELS) as TemplateSort[]).map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </SelectField>
      </form>
    </search>
  )
}
