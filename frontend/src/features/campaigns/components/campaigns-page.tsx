import {
  CAMPAIGN_STATUSES,
  type CampaignStatus,
  COMPARE_CAMPAIGNS,
  type OrganizationSummary,
  planUnlocks,
} from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Button, ButtonLink } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { UpgradePrompt } from '../../billing/components/upgrade-prompt'
import { campaignQueries } from '../api/campaigns'
import { plural, STATUS_TEXT } from '../campaign-display'
import { CampaignRow, comparable } from './campaign-row'
import styles from './campaigns.module.css'

const TITLE = 'All campaigns'
const WHAT_THEY_ARE =
  'Campaigns send one of your templates through your own SES account to the contacts subscribed to your topics, paced to your sending rate, with a pre-flight check, live progress, pause and resume.'

/** The list's filters in the address (`?q=news&status=SENT`); pages are followed by cursor from the first. */
export function listView(search: URLSearchParams) {
  const status = search.get('status')
  return {
    q: (search.get('q') ?? '').trim().slice(0, 200),
    status: (CAMPAIGN_STATUSES as readonly (string | null)[]).includes(status)
      ? (status as CampaignStatus)
      : undefined,
  }
}

/** The list query of a view: what the route's loader prefetches and the page reads. */
export const listFilters = (view: ReturnType<typeof listView>, cursor?: string) => ({
  ...(view.q ? { q: view.q } : {}),
  ...(view.status ? { status: view.status } : {}),
  ...(cursor ? { cursor } : {}),
})

/** `/app/campaigns`: the organization's campaigns with status, progress, recipients and sent date. */
export function CampaignsPage({ organization }: { organization: OrganizationSummary }) {
  if (!planUnlocks(organization.plan, 'campaigns')) {
    return (
      <div className={pageStyles.page}>
        <header className={pageStyles.header}>
          <h1>{TITLE}</h1>
          <p className={pageStyles.lead}>Email campaigns sent through your SES account.</p>
        </header>
        <UpgradePrompt feature="campaigns" organization={organization}>
          {WHAT_THEY_ARE}
        </UpgradePrompt>
      </div>
    )
  }
  return <CampaignList organizationId={organization.id} />
}

function CampaignList({ organizationId }: { organizationId: string }) {
  const [search, setSearch] = useSearchParams()
  const view = listView(search)
  const [typed, setTyped] = useState(view.q)
  const [chosen, setChosen] = useState<readonly string[]>([])
  const choose = (id: string, on: boolean) =>
    setChosen((current) =>
      on
        ? [...current.filter((item) => item !== id), id].slice(-COMPARE_CAMPAIGNS.max)
        : current.filter((item) => item !== id),
    )
  // The cursors of the pages after the first, for the filters they were followed under.
  const filterKey = `${view.q}\u0000${view.status ?? ''}`
  const [paging, setPaging] = useState<{ key: string; cursors: readonly string[] }>({
    key: filterKey,
    cursors: [],
  })
  const cursors = paging.key === filterKey ? paging.cursors : []
  const go = (next: readonly string[]) => setPaging({ key: filterKey, cursors: next })
  const list = useQuery(campaignQueries.list(organizationId, listFilters(view, cursors.at(-1))))
  const nextCursor = list.data?.nextCursor ?? null
  const filtered = view.q !== '' || view.status !== undefined
  const first = cursors.length === 0
  const change = (next: Partial<typeof view>) => {
    const merged = { ...view, ...next }
    const params = new URLSearchParams()
    if (merged.q) params.set('q', merged.q)
    if (merged.status) params.set('status', merged.status)
    setSearch(params)
  }

  return (
    <div className={pageStyles.page}>
      <header className={styles.pageHeader}>
        <div className={pageStyles.header}>
          <h1>{TITLE}</h1>
          <p className={pageStyles.lead}>Sent, sending, scheduled and draft campaigns, newest first.</p>
        </div>
        <ButtonLink to={paths.newCampaign()}>Create campaign</ButtonLink>
      </header>

      <search aria-label="Find campaigns">
        <form
          className={styles.filters}
          onSubmit={(event) => {
            event.preventDefault()
            change({ q: typed.trim() })
          }}
        >
          <TextField
            label="Search by name"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={() => typed.trim() !== view.q && change({ q: typed.trim() })}
          />
          <SelectField
            label="Status"
            value={view.status ?? ''}
            onChange={(event) =>
              change({ status: (event.target.value || undefined) as CampaignStatus | undefined })
            }
          >
            <option value="">Any status</option>
            {CAMPAIGN_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_TEXT[status].label}
              </option>
            ))}
          </SelectField>
        </form>
      </search>

      {list.data === undefined ? (
        list.isError ? (
          <LoadError
            title="Could not load the campaigns"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <LoadingLines lines={4} label="Loading the campaigns" />
        )
      ) : list.data.items.length === 0 && first && !filtered && list.data.nextCursor === null ? (
        <section className={pageStyles.empty} aria-labelledby="campaigns-empty">
          <p id="campaigns-empty" className={pageStyles.emptyTitle}>
            No campaigns yet
          </p>
          <p>{WHAT_THEY_ARE}</p>
          <p>
            Next step: create your first campaign. You pick a template (it needs an{' '}
            <code>{'{{unsubscribeUrl}}'}</code> link and your postal address), the topics to send to and a
            verified sender; nothing is sent before you review it. No topics or contacts yet? Start in{' '}
            <Link to={paths.topics()}>Topics</Link>.
          </p>
          <ButtonLink to={paths.newCampaign()}>Create campaign</ButtonLink>
        </section>
      ) : (
        <>
          {list.isError && (
            <Alert tone="warning" role="alert">
              Could not refresh the campaigns: {errorMessage(list.error)}
            </Alert>
          )}
          <div className={styles.footer}>
            <p className={styles.muted} aria-live="polite">
              {`Page ${cursors.length + 1}: ${plural(list.data.items.length, 'campaign')}${filtered ? ' matching' : ''}`}
            </p>
            {(chosen.length > 0 || list.data.items.some(comparable)) && (
              <CompareBar chosen={chosen} onClear={() => setChosen([])} />
            )}
          </div>
          {list.data.items.length === 0 && list.data.nextCursor === null ? (
            <section className={pageStyles.empty}>
              <p className={pageStyles.emptyTitle}>No campaign matches</p>
              <Button
                variant="secondary"
                size="small"
                onClick={() => {
                  setTyped('')
                  change({ q: '', status: undefined })
                }}
              >
                Clear the search
              </Button>
            </section>
          ) : list.data.items.length === 0 ? (
            // A filtered read stops after a bounded number of campaigns: the next page reads on.
            <p className={styles.muted}>
              None of the campaigns read for this page match; the next page reads on.
            </p>
          ) : (
            <ul
              className={list.isPlaceholderData ? `${styles.rows} ${styles.stale}` : styles.rows}
              aria-label="Campaigns"
              aria-busy={list.isPlaceholderData || undefined}
            >
              {list.data.items.map((campaign) => (
                <CampaignRow
                  key={campaign.id}
                  campaign={campaign}
                  chosen={chosen.includes(campaign.id)}
                  onChoose={(on) => choose(campaign.id, on)}
                />
              ))}
            </ul>
          )}
          {(!first || nextCursor) && (
            <nav aria-label="Pages" className={styles.pages}>
              <Button
                variant="secondary"
                size="small"
                disabled={first}
                onClick={() => go(cursors.slice(0, -1))}
              >
                ← Previous page
              </Button>
              <Button
                variant="secondary"
                size="small"
                disabled={!nextCursor || list.isPlaceholderData}
                onClick={() => nextCursor && go([...cursors, nextCursor])}
              >
                Next page →
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  )
}

/** Ticked campaigns (kept across pages and searches) and the way to the comparison. */
function CompareBar({ chosen, onClear }: { chosen: readonly string[]; onClear: () => void }) {
  return (
    <div className={styles.actions}>
      <span className={styles.muted} aria-live="polite">
        {chosen.length < COMPARE_CAMPAIGNS.min
          ? `Tick ${COMPARE_CAMPAIGNS.min} to ${COMPARE_CAMPAIGNS.max} sent campaigns to compare them${chosen.length ? ` (${chosen.length} ticked)` : ''}.`
          : `${chosen.length} campaigns ticked.`}
      </span>
      {chosen.length >= COMPARE_CAMPAIGNS.min && (
        <ButtonLink to={paths.compareCampaigns(chosen)} size="small">
          Compare
        </ButtonLink>
      )}
      {chosen.length > 0 && (
        <Button variant="ghost" size="small" onClick={onClear}>
          Clear
        </Button>
      )}
    </div>
  )
}
