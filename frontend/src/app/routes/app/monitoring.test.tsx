import type {
  Account,
  AwsAccount,
  AwsMonitoring,
  CombinedReport,
  Plan,
  Role,
  TimeSeries,
} from '@app/contracts'
import { SES_EVENT_TYPES, SES_REPUTATION_THRESHOLDS } from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { accountQueries } from '../../../features/account/api/account'
import { awsAccountQueries } from '../../../features/aws-accounts/api/aws-accounts'
import { logsQuery, reportQueries } from '../../../features/ses-monitoring/api/ses-monitoring'
import { viewFromSearch } from '../../../features/ses-monitoring/log-query'
import { browserTimeZone, reportRange } from '../../../features/ses-monitoring/report-range'
import { Component } from './monitoring'

const ORGANIZATION_ID = '01HZX3K5V6W7X8Y9Z0ABCDEFGJ'
const NOW = Date.parse('2025-03-05T14:23:00.000Z')

function account(plan: Plan | null, role: Role = 'OWNER'): Account {
  return {
    id: 'user-1',
    email: 'owner@example.com',
    emailVerified: true,
    picture: null,
    organizations: [
      {
        id: ORGANIZATION_ID,
        name: 'Acme',
        plan,
        subscriptionStatus: plan === 'START' ? null : 'active',
        availableActions: null,
        role,
        priceChangeNotice: null,
      },
    ],
    selectedOrganization: ORGANIZATION_ID,
    selectedAwsAccount: null,
    lastProductUpdateAt: null,
    hasAccessToPlatform: true,
  }
}

const ACTIVE: AwsMonitoring = {
  state: 'ACTIVE',
  configurationSetName: 'ses-studio-monitoring',
  topicArn: 'arn:aws:sns:eu-west-1:123456789012:ses-studio-events',
  eventTypes: [...SES_EVENT_TYPES],
  enabledAt: '2025-03-01T10:00:00.000Z',
  confirmedAt: '2025-03-01T10:00:04.000Z',
}

function awsAccount(overrides: Partial<AwsAccount> = {}): AwsAccount {
  return {
    id: '01HZX3K5V6W7X8Y9Z0ABCDEFGH',
    organizationId: ORGANIZATION_ID,
    name: 'Production',
    region: 'eu-west-1',
    method: 'keys',
    roleArn: null,
    externalId: null,
    quickCreateUrl: null,
    awsAccessKeyId: 'AKIAEXAMPLE',
    awsAccountNumber: '123456789012',
    awsAccountVerified: true,
    duplicateOf: null,
    sendSharePercent: 80,
    lastCheck: null,
    monitoring: null,
    createdAt: '2025-03-01T00:00:00.000Z',
    updatedAt: '2025-03-01T00:00:00.000Z',
    ...overrides,
  }
}

function renderPage(
  signedIn: Account,
  accounts: AwsAccount[] | undefined,
  seed?: (client: QueryClient) => void,
) {
  const client = new QueryClient()
  client.setQueryData(accountQueries.current().queryKey, signedIn)
  if (accounts) client.setQueryData(awsAccountQueries.list(ORGANIZATION_ID).queryKey, accounts)
  seed?.(client)
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/app/monitoring']}>
        <Component />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim()
  const gatedQueries = client.getQueryCache().findAll({ queryKey: ['ses-monitoring'] })
  return { html, text, gatedQueries }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})

afterEach(() => {
  vi.useRealTimers()
})

describe('/app/monitoring', () => {
  it('shows the upgrade prompt without asking for any gated data when the plan lacks monitoring', () => {
    const page = renderPage(account('SOLO_MONTHLY'), [awsAccount({ monitoring: ACTIVE })])
    expect(page.text).toContain('Logs & metrics comes with the Team or Team Plus plan')
    expect(page.text).toContain('Acme is on the Solo plan.')
    expect(page.html).toContain('href="/app/organization/billing?choose=plan"')
    expect(page.text).toContain('Upgrade to Team')
    // What monitoring created can still be removed after a downgrade (disabling is not gated).
    expect(page.text).toContain('Disable monitoring')
    expect(page.gatedQueries).toHaveLength(0)
  })

  it('tells members who can upgrade', () => {
    const page = renderPage(account('START', 'MEMBER'), [])
    expect(page.text).toContain('Owners and admins of Acme can change the plan.')
    expect(page.text).not.toContain('Upgrade to Team')
  })

  it('shares the AWS-account pages’ states: none connected, not verified', () => {
    expect(renderPage(account('TEAM_MONTHLY'), []).text).toContain('Connect an AWS account first')
    const unverified = renderPage(account('TEAM_MONTHLY'), [awsAccount({ awsAccountVerified: false })])
    expect(unverified.text).toContain('Production is not connected yet')
    expect(unverified.gatedQueries).toHaveLength(0)
    expect(renderPage(account('TEAM_MONTHLY'), undefined).html).toContain(
      'aria-label="Loading the AWS accounts"',
    )
  })

  it('explains monitoring and offers to enable it while it is off', () => {
    const page = renderPage(account('TEAM_PLUS_YEARLY'), [awsAccount()])
    expect(page.text).toContain('Monitoring is off')
    expect(page.text).toContain('Enable monitoring')
    // Only the newest page of the log is read, to find out whether anything was recorded before.
    expect(page.gatedQueries.map((query) => query.queryKey[1])).toEqual(['logs'])
    expect(page.text).not.toContain('Recorded while monitoring was on')
  })

  it('keeps what was recorded readable after monitoring is disabled', () => {
    const connection = awsAccount()
    const view = viewFromSearch(new URLSearchParams())
    const page = renderPage(account('TEAM_MONTHLY'), [connection], (client) => {
      client.setQueryData(logsQuery(connection, view.filters, undefined).queryKey, {
        items: [
          {
            messageId: 'ses-1',
            sentAt: '2025-03-04T10:00:00.000Z',
            from: 'hello@example.com',
            recipients: ['ana@example.com'],
            subject: 'Welcome',
            template: null,
            status: 'DELIVERED',
            detail: '250 2.6.0 Message received',
            opens: 0,
            clicks: 0,
            events: [],
          },
        ],
        nextCursor: null,
      })
    })
    expect(page.text).toContain('Monitoring is off')
    expect(page.text).toContain('Recorded while monitoring was on')
    expect(page.text).toContain('Message log')
    expect(page.text).toContain('ana@example.com')
  })

  it('waits for AWS to confirm the subscription', () => {
    const page = renderPage(account('TEAM_MONTHLY'), [
      awsAccount({ monitoring: { ...ACTIVE, state: 'PENDING_CONFIRMATION', confirmedAt: null } }),
    ])
    expect(page.text).toContain('Waiting for AWS to confirm')
    expect(page.text).toContain('AWS is confirming the subscription of the SNS topic')
    expect(page.text).toContain('Waiting for AWS')
  })

  it('shows metrics, the chart and the log once monitoring is on', () => {
    const connection = awsAccount({ monitoring: ACTIVE })
    const view = viewFromSearch(new URLSearchParams())
    const range = reportRange(view.range, NOW, browserTimeZone())
    const report = reportQueries(connection, range)
    const totals = {
      sent: 40,
      delivered: 39,
      delayed: 0,
      opened: 12,
      clicked: 3,
      bounced: 1,
      complained: 0,
      rejected: 0,
      renderingFailed: 0,
    }
    const combined: CombinedReport = {
      from: range.from,
      to: range.to,
      totals,
      rates: { delivery: 39 / 40, bounce: 1 / 40, complaint: 0, open: 12 / 39, click: 3 / 39 },
      thresholds: SES_REPUTATION_THRESHOLDS,
      reputation: { bounce: 'ok', complaint: 'ok' },
    }
    const timeSeries: TimeSeries = {
      granularity: 'day',
      timeZone: range.timeZone,
      from: range.from,
      to: range.to,
      buckets: [{ start: range.from, counts: totals }],
    }
    const page = renderPage(account('TEAM_MONTHLY', 'MEMBER'), [connection], (client) => {
      client.setQueryData(report.combined.queryKey, combined)
      client.setQueryData(report.timeSeries.queryKey, timeSeries)
      client.setQueryData(logsQuery(connection, view.filters, undefined).queryKey, {
        items: [],
        nextCursor: null,
      })
    })
    expect(page.html).toContain('aria-pressed="true">Last 7 days</button>')
    expect(page.text).toContain('Delivered 39 97.5% delivery rate')
    expect(page.html).toContain('role="slider"')
    expect(page.text).toContain('No messages yet')
    expect(page.html).toContain('href="/app/email-identities"')
    expect(page.text).toContain('ses-studio-monitoring')
    expect(page.text).toContain('Only owners and admins can disable monitoring.')
  })
})
