import {
  type CombinedReport,
  type JobSummary,
  type OrganizationSummary,
  SES_REPUTATION_THRESHOLDS,
  type StatusCounts,
} from '@app/contracts'
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-error'
import { jobQueries } from '../../jobs/api/jobs'
import { ReputationFacts } from './reputation-facts'
import { RunningJobs } from './running-jobs'
import { QueryBody } from './section-states'

function render(node: ReactNode, client = new QueryClient()): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  )
}

function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ')
    .trim()
}

/** What a section reads from react-query, in one of its three states. */
function queryIn<T>(state: { data: T } | { error: unknown } | 'pending'): UseQueryResult<T> {
  if (state === 'pending')
    return { data: undefined, isError: false, isPending: true, error: null } as unknown as UseQueryResult<T>
  if ('error' in state)
    return {
      data: undefined,
      isError: true,
      isPending: false,
      error: state.error,
      refetch: async () => undefined,
    } as unknown as UseQueryResult<T>
  return { data: state.data, isError: false, isPending: false, error: null } as unknown as UseQueryResult<T>
}

const organization = (role: OrganizationSummary['role']): OrganizationSummary => ({
  id: '01JD0000000000000000000000',
  name: 'Acme Books',
  plan: 'SOLO_MONTHLY',
  subscriptionStatus: 'active',
  availableActions: null,
  role,
  priceChangeNotice: null,
})

const totals = (sent: number): StatusCounts => ({
  sent,
  delivered: sent,
  delayed: 0,
  opened: 0,
  clicked: 0,
  bounced: 0,
  complained: 0,
  rejected: 0,
  renderingFailed: 0,
})

function report(sent: number, bounce: number | null, complaint: number | null): CombinedReport {
  return {
    from: '2026-11-18T14:38:00.000Z',
    to: '2026-11-25T14:38:00.000Z',
    totals: totals(sent),
    rates: { delivery: null, bounce, complaint, open: null, click: null },
    thresholds: SES_REPUTATION_THRESHOLDS,
    reputation: { bounce: 'ok', complaint: 'ok' },
  }
}

describe('QueryBody (one section’s loading, error and content)', () => {
  it('shows placeholder lines while reading, the error with Try again, then the content', () => {
    const body = (query: UseQueryResult<string>) =>
      render(
        <QueryBody query={query} what="the recent templates">
          {(data) => <p>{data}</p>}
        </QueryBody>,
      )
    expect(body(queryIn<string>('pending'))).toContain('aria-label="Reading the recent templates"')
    const failed = text(body(queryIn<string>({ error: new ApiError(500, 'internal', 'The server broke.') })))
    expect(failed).toContain('Could not read the recent templates')
    expect(failed).toContain('Try again')
    expect(text(body(queryIn({ data: 'monthly-news' })))).toBe('monthly-news')
  })
})

describe('ReputationFacts', () => {
  it('offers owners the upgrade and members the subscription when the plan has no monitoring', () => {
    const owner = render(
      <ReputationFacts
        organization={organization('OWNER')}
        onPlan={false}
        monitoringOn={false}
        reputation={queryIn<CombinedReport>('pending')}
      />,
    )
    expect(text(owner)).toContain('come with SES monitoring, on the Team plan')
    expect(owner).toContain('href="/app/organization/billing?choose=plan"')
    const member = render(
      <ReputationFacts
        organization={organization('MEMBER')}
        onPlan={false}
        monitoringOn={false}
        reputation={queryIn<CombinedReport>('pending')}
      />,
    )
    expect(text(member)).toContain('See the subscription')
    expect(member).not.toContain('choose=plan')
  })

  it('links to monitoring when it is off', () => {
    const html = render(
      <ReputationFacts
        organization={organization('OWNER')}
        onPlan
        monitoringOn={false}
        reputation={queryIn<CombinedReport>('pending')}
      />,
    )
    expect(text(html)).toContain('Turn on SES monitoring')
    expect(html).toContain('href="/app/monitoring"')
  })

  it('shows each rate with its level against SES’s thresholds', () => {
    const html = text(
      render(
        <ReputationFacts
          organization={organization('OWNER')}
          onPlan
          monitoringOn
          reputation={queryIn({ data: report(1000, 0.025, 0.006) })}
        />,
      ),
    )
    expect(html).toContain('Bounce rate 2.5 % Healthy SES: warning at 5 %, at risk at 10 %')
    expect(html).toContain('Complaint rate 0.6 % At risk SES: warning at 0.1 %, at risk at 0.5 %')
    expect(html).toContain('Sent 1,000')
  })

  it('says when nothing was sent with monitoring in the window', () => {
    const html = text(
      render(
        <ReputationFacts
          organization={organization('OWNER')}
          onPlan
          monitoringOn
          reputation={queryIn({ data: report(0, null, null) })}
        />,
      ),
    )
    expect(html).toContain('Nothing was sent with monitoring in the last 7 days.')
  })
})

describe('RunningJobs', () => {
  const orgId = '01JD0000000000000000000000'
  const job = (id: string, status: JobSummary['status'], done: number): JobSummary => ({
    id,
    kind: 'ses.publish',
    organizationId: orgId,
    awsAccountId: null,
    status,
    counts: { total: 4, done, succeeded: done, failed: 0 },
    createdAt: '2026-11-25T10:00:00.000Z',
    startedAt: '2026-11-25T10:00:01.000Z',
    finishedAt: null,
    createdBy: { type: 'user', accountId: 'acct', email: 'ada@example.com' },
  })

  it('lists only the jobs still running, with their progress', () => {
    const client = new QueryClient()
    client.setQueryData(jobQueries.recent(orgId).queryKey, [
      job('01JD0000000000000000000001', 'running', 1),
      job('01JD0000000000000000000002', 'succeeded', 4),
    ])
    const html = render(<RunningJobs organizationId={orgId} />, client)
    expect(html.match(/<progress/g)).toHaveLength(1)
    expect(html).toContain('value="25"')
    expect(text(html)).toContain('Publishing to SES Running')
    expect(text(html)).toContain('1 of 4 done')
    expect(text(html)).not.toContain('Nothing running')
  })

  it('names who started each job: a user by email, an API key, the system', () => {
    const client = new QueryClient()
    client.setQueryData(jobQueries.recent(orgId).queryKey, [
      job('01JD0000000000000000000001', 'running', 1),
      { ...job('01JD0000000000000000000003', 'running', 1), createdBy: { type: 'apiKey', keyId: 'key-7' } },
      { ...job('01JD0000000000000000000004', 'queued', 0), createdBy: { type: 'system', name: 'scheduler' } },
    ])
    const shown = text(render(<RunningJobs organizationId={orgId} />, client))
    expect(shown).toContain('by ada@example.com')
    expect(shown).toContain('by API key key-7')
    expect(shown).toContain('by System')
  })

  it('says what runs here when nothing does', () => {
    const client = new QueryClient()
    client.setQueryData(jobQueries.recent(orgId).queryKey, [job('01JD0000000000000000000002', 'failed', 4)])
    const html = render(<RunningJobs organizationId={orgId} />, client)
    expect(text(html)).toContain('Nothing running in the background')
    expect(html).toContain('href="/app/templates/ses"')
  })
})
