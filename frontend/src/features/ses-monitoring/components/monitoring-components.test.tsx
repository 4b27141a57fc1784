import {
  type AwsAccount,
  type CombinedReport,
  type MessageLog,
  SES_EVENT_TYPES,
  SES_REPUTATION_THRESHOLDS,
  type StatusCounts,
  type TimeSeries,
} from '@app/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { EnableMonitoring } from './enable-monitoring'
import { MessageTable } from './message-table'
import { ReportSummary } from './report-summary'
import { StatusChart } from './status-chart'

function render(node: ReactNode): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  )
}

/** Text as a reader gets it: tags dropped, entities and spaces tidied. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ')
    .trim()
}

const ZERO: StatusCounts = {
  sent: 0,
  delivered: 0,
  delayed: 0,
  opened: 0,
  clicked: 0,
  bounced: 0,
  complained: 0,
  rejected: 0,
  renderingFailed: 0,
}

function report(totals: Partial<StatusCounts>, overrides: Partial<CombinedReport> = {}): CombinedReport {
  const all = { ...ZERO, ...totals }
  const per = (part: number, whole: number) => (whole > 0 ? part / whole : null)
  return {
    from: '2025-03-01T00:00:00.000Z',
    to: '2025-03-08T00:00:00.000Z',
    totals: all,
    rates: {
      delivery: per(all.delivered, all.sent),
      bounce: per(all.bounced, all.sent),
      complaint: per(all.complained, all.sent),
      open: per(all.opened, all.delivered),
      click: per(all.clicked, all.delivered),
    },
    thresholds: SES_REPUTATION_THRESHOLDS,
    reputation: { bounce: 'ok', complaint: 'ok' },
    ...overrides,
  }
}

describe('ReportSummary', () => {
  it('shows totals, rates and where bounces and complaints stand against SES’s thresholds', () => {
    const html = render(
      <ReportSummary
        report={report(
          { sent: 2500, delivered: 2300, opened: 920, clicked: 115, bounced: 150, complained: 3, delayed: 4 },
          { reputation: { bounce: 'review', complaint: 'ok' } },
        )}
        eventTypes={SES_EVENT_TYPES}
      />,
    )
    const content = text(html)
    expect(content).toContain('Sent 2,500')
    expect(content).toContain('Delivered 2,300 92% delivery rate')
    expect(content).toContain('Opened 920 40% of delivered · messages opened at least once, machine opens')
    expect(content).toContain('Clicked 115 5% of delivered')
    expect(content).toContain('Bounce rate 6% AWS may review 150 bounced')
    expect(content).toContain('AWS reviews accounts from a 5% bounce rate and may pause sending from 10%.')
    expect(content).toContain('Complaint rate 0.12% Healthy 3 complaints')
    expect(content).toContain('Also in this range: 4 delayed.')
    expect(content).not.toContain('Few messages')
  })

  it('says when counts are not recorded and when the sample is small', () => {
    const content = text(
      render(
        <ReportSummary
          report={report({ sent: 12, delivered: 12, renderingFailed: 1 })}
          eventTypes={['SEND', 'DELIVERY', 'BOUNCE', 'COMPLAINT']}
        />,
      ),
    )
    expect(content).toContain('Opened — Opens are not tracked.')
    expect(content).toContain('Clicked — Clicks are not tracked.')
    expect(content).toContain('Few messages in this range')
    expect(content).toContain('Also in this range: 1 rendering failure.')
  })

  it('shows a dash and no verdict when nothing was sent', () => {
    const content = text(render(<ReportSummary report={report({})} eventTypes={SES_EVENT_TYPES} />))
    expect(content).toContain('Bounce rate — 0 bounced')
    expect(content).not.toContain('Healthy')
  })
})

function series(counts: Partial<StatusCounts>[]): TimeSeries {
  return {
    granularity: 'day',
    timeZone: 'UTC',
    from: '2025-03-01T00:00:00.000Z',
    to: `2025-03-0${counts.length + 1}T00:00:00.000Z`,
    buckets: counts.map((bucket, index) => ({
      start: `2025-03-0${index + 1}T00:00:00.000Z`,
      counts: { ...ZERO, ...bucket },
    })),
  }
}

describe('StatusChart', () => {
  it('is a slider over the days, on the newest one at first, with a line per shown status', () => {
    const html = render(
      <StatusChart
        series={series([
          { sent: 10, delivered: 9 },
          { sent: 4, delivered: 4, bounced: 1 },
          { sent: 7, delivered: 6, opened: 3 },
        ])}
      />,
    )
    expect(html).toContain('role="slider"')
    expect(html).toContain('aria-valuemax="2"')
    expect(html).toContain('aria-valuenow="2"')
    expect(html).toContain(
      'aria-valuetext="Mon, Mar 3, 2025: Sent 7, Delivered 6, Opened 3, Clicked 0, Bounced 0, Complaints 0"',
    )
    // Six lines shown at first; delays, rejects and rendering failures can be ticked on.
    expect(html.match(/<polyline/g)).toHaveLength(6)
    expect(html).toContain('points="0,0 50,60 100,30"')
    expect(text(html)).toContain('Show the numbers as a table')
    expect(text(html)).not.toContain('No messages in this range')
    expect(text(html)).toContain('Sat, Mar 1, 2025 10 9 0 0 0 0 0 0 0')
  })

  it('says so when the range is empty', () => {
    expect(text(render(<StatusChart series={series([{}, {}])} />))).toContain('No messages in this range')
  })
})

const LOG: MessageLog = {
  messageId: '0102018f-aaaa-bbbb',
  sentAt: '2025-03-05T14:03:00.000Z',
  from: 'hello@example.com',
  recipients: ['ana@example.com', 'bo@example.com'],
  subject: null,
  template: 'welcome',
  status: 'BOUNCED',
  detail: 'Permanent bounce: 550 5.1.1 user unknown',
  opens: 0,
  clicks: 0,
  events: [
    { type: 'SEND', at: '2025-03-05T14:03:00.000Z', detail: null },
    { type: 'BOUNCE', at: '2025-03-05T14:03:02.000Z', detail: 'Permanent bounce: 550 5.1.1 user unknown' },
  ],
}

describe('MessageTable', () => {
  it('lists messages with status, detail and a closed events row', () => {
    const html = render(<MessageTable logs={[LOG]} />)
    const content = text(html)
    expect(content).toContain('ana@example.com +1 more')
    expect(content).toContain('Template welcome')
    expect(content).toContain('Bounced')
    expect(content).toContain('550 5.1.1 user unknown')
    expect(content).toContain('Events (2) of the message to ana@example.com +1 more')
    expect(html).toContain('aria-expanded="false"')
    expect(html).toMatch(/<tr id="[^"]+" hidden=""/)
  })
})

const AWS_ACCOUNT: AwsAccount = {
  id: '01HZX3K5V6W7X8Y9Z0ABCDEFGH',
  organizationId: '01HZX3K5V6W7X8Y9Z0ABCDEFGJ',
  name: 'Production',
  region: 'eu-west-1',
  method: 'role',
  roleArn: 'arn:aws:iam::123456789012:role/SesStudioAccess',
  externalId: 'external-id-0123456789',
  quickCreateUrl: null,
  awsAccessKeyId: null,
  awsAccountNumber: '123456789012',
  awsAccountVerified: true,
  duplicateOf: null,
  sendSharePercent: 80,
  lastCheck: null,
  monitoring: null,
  createdAt: '2025-03-01T00:00:00.000Z',
  updatedAt: '2025-03-01T00:00:00.000Z',
}

describe('EnableMonitoring', () => {
  it('offers every event type, ticked, warns about tracking and lets owners and admins enable it', () => {
    const html = render(<EnableMonitoring awsAccount={AWS_ACCOUNT} organizationName="Acme" canManage />)
    expect(html.match(/type="checkbox" checked=""/g)).toHaveLength(SES_EVENT_TYPES.length)
    const content = text(html)
    expect(content).toContain('Production (123456789012), eu-west-1')
    expect(content).toContain('configuration set')
    expect(content).toContain('SNS topic')
    for (const label of [
      'Sends',
      'Deliveries',
      'Bounces',
      'Complaints',
      'Rejects',
      'Opens',
      'Clicks',
      'Rendering failures',
      'Delays',
    ])
      expect(content).toContain(label)
    expect(content).toContain('To count opens and clicks, SES adds a tiny tracking image')
    expect(content).toContain('Enable monitoring')
  })

  it('tells members who can turn it on instead of offering the form', () => {
    const content = text(
      render(<EnableMonitoring awsAccount={AWS_ACCOUNT} organizationName="Acme" canManage={false} />),
    )
    expect(content).toContain('Only owners and admins can turn monitoring on')
    expect(content).toContain('an owner or admin of Acme')
    expect(content).not.toContain('Enable monitoring')
  })
})
