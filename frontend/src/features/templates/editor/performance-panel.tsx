import {
  DEFAULT_MACHINE_OPEN_MODE,
  type MachineOpenMode,
  type OrganizationSummary,
  planUnlocks,
  type Template,
  type TemplateAnalytics,
  type TemplateVersionAnalytics,
} from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { Badge } from '../../../components/ui/badge'
import { ButtonLink } from '../../../components/ui/button'
import dataTable from '../../../components/ui/data-table.module.css'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import { paths } from '../../../lib/paths'
import { UpgradePrompt } from '../../billing/components/upgrade-prompt'
import { countText, plural, STATUS_TEXT } from '../../campaigns/campaign-display'
import { bestIndex, countWithRate, percentText } from '../../campaigns/report-display'
import { templateQueries } from '../api/templates'
import { dateTimeText } from '../template-display'
import styles from './performance-panel.module.css'

/**
 * The template's performance: what the campaigns that sent it counted, per version (did version 7 do better than
 * version 6?), as a table; the best open and click rates are named in words. Its own chunk, loaded when opened.
 */
export default function PerformancePanel({
  template,
  organization,
}: {
  template: Template
  organization: OrganizationSummary
}) {
  if (!planUnlocks(organization.plan, 'campaigns'))
    return (
      <UpgradePrompt feature="campaigns" organization={organization}>
        Send this template to your contacts as a campaign, then see here how each version did: deliveries,
        opens, clicks, bounces, complaints and unsubscribes.
      </UpgradePrompt>
    )
  return <Performance template={template} organizationId={organization.id} />
}

function Performance({ template, organizationId }: { template: Template; organizationId: string }) {
  const [machineOpens, setMachineOpens] = useState<MachineOpenMode>(DEFAULT_MACHINE_OPEN_MODE)
  const query = useQuery(templateQueries.analytics(organizationId, template.id, machineOpens))
  const data = query.data
  if (!data) {
    if (!query.isError) return <LoadingLines lines={6} label="Loading the template’s performance" />
    return (
      <LoadError
        title="Could not load the template’s performance"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    )
  }
  if (data.versions.length === 0)
    return (
      <section className={pageStyles.empty} aria-labelledby="performance-empty">
        <p id="performance-empty" className={pageStyles.emptyTitle}>
          No campaign has sent this template yet
        </p>
        <p>Send it to a topic as a campaign: each version’s opens, clicks and bounces will show here.</p>
        <ButtonLink to={paths.newCampaign()}>Create a campaign</ButtonLink>
      </section>
    )
  return (
    <section
      className={query.isPlaceholderData ? `${styles.panel} ${styles.stale}` : styles.panel}
      aria-labelledby="performance-title"
    >
      <div className={styles.header}>
        <h2 id="performance-title">Performance by version</h2>
        <ToggleButtons
          label="Machine opens"
          options={[
            { value: 'exclude', label: 'Machine opens left out' },
            { value: 'include', label: 'Counted' },
          ]}
          value={data.machineOpens}
          onChange={setMachineOpens}
        />
      </div>
      <p className={styles.muted}>
        {summary(data)} Open, click, complaint and unsubscribe rates are of delivered; bounce rate is hard
        bounces of sent.{' '}
        {data.machineOpens === 'exclude'
          ? 'Opens leave out machine opens (Apple Mail Privacy Protection and similar proxies).'
          : 'Opens count machine opens, so they read higher than what people opened.'}
      </p>
      <VersionTable data={data} current={template.version} />
    </section>
  )
}

function summary(data: TemplateAnalytics): string {
  const campaigns = plural(data.totals.campaigns, 'campaign')
  return data.truncated
    ? `From the ${campaigns} most recently created that sent it (older ones are left out).`
    : `From the ${campaigns} that sent it.`
}

const COLUMNS = [
  'Version',
  'Campaigns',
  'Sent',
  'Delivered',
  'Opened',
  'Clicked',
  'Bounced',
  'Complaints',
  'Unsubscribes',
] as const

function VersionTable({ data, current }: { data: TemplateAnalytics; current: number }) {
  const bestOpen = bestIndex(
    data.versions.map((version) => version.rates.open),
    false,
  )
  const bestClick = bestIndex(
    data.versions.map((version) => version.rates.click),
    false,
  )
  return (
    <div className={dataTable.wrap}>
      <table className={`${dataTable.table} ${styles.table}`}>
        <caption className="visually-hidden">
          Counts and rates of each version of the template, newest first, then all versions together
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.versions.map((version, index) => (
            <Row
              key={version.version}
              version={version}
              current={version.version === current}
              bestOpen={index === bestOpen}
              bestClick={index === bestClick}
            />
          ))}
        </tbody>
        {data.versions.length > 1 && (
          <tfoot>
            <Row version={{ ...data.totals, version: 0, campaigns: [] }} total={data.totals.campaigns} />
          </tfoot>
        )}
      </table>
    </div>
  )
}

function Row({
  version,
  current = false,
  bestOpen = false,
  bestClick = false,
  total,
}: {
  version: TemplateVersionAnalytics
  current?: boolean
  bestOpen?: boolean
  bestClick?: boolean
  /** The totals row: how many campaigns in all. */
  total?: number
}) {
  const { counts, rates } = version
  const bounces = counts.hardBounces + counts.softBounces
  return (
    <tr>
      <th scope="row" className={styles.version}>
        {total === undefined ? `Version ${version.version}` : 'All versions'}
        {current && (
          <span className={styles.best}>
            <Badge color="green">Current</Badge>
          </span>
        )}
      </th>
      <td data-label="Campaigns">
        {total !== undefined ? (
          plural(total, 'campaign')
        ) : (
          <ul className={styles.campaigns}>
            {version.campaigns.map((campaign) => (
              <li key={campaign.id}>
                <Link to={paths.campaign(campaign.id)}>{campaign.name}</Link>{' '}
                <span className={styles.detail}>
                  {STATUS_TEXT[campaign.status].label}
                  {campaign.startedAt && `, ${dateTimeText(campaign.startedAt)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td data-label="Sent" className={styles.number}>
        {countText(counts.sent)}
      </td>
      <td data-label="Delivered" className={styles.number}>
        {countWithRate(counts.delivered, rates.delivery)}
      </td>
      <td data-label="Opened" className={styles.number}>
        {countWithRate(counts.uniqueOpens, rates.open)}
        {bestOpen && (
          <>
            {' '}
            <span className={styles.best}>
              <Badge color="green">Best open rate</Badge>
            </span>
          </>
        )}
      </td>
      <td data-label="Clicked" className={styles.number}>
        {countWithRate(counts.uniqueClicks, rates.click)}
        {bestClick && (
          <>
            {' '}
            <span className={styles.best}>
              <Badge color="green">Best click rate</Badge>
            </span>
          </>
        )}
      </td>
      <td data-label="Bounced" className={styles.number}>
        {countText(bounces)}
        <span className={styles.detail}>
          {countText(counts.hardBounces)} hard ({percentText(rates.bounce)}), {countText(counts.softBounces)}{' '}
          soft
        </span>
      </td>
      <td data-label="Complaints" className={styles.number}>
        {countWithRate(counts.complaints, rates.complaint)}
      </td>
      <td data-label="Unsubscribes" className={styles.number}>
        {countWithRate(counts.unsubscribes, rates.unsubscribe)}
      </td>
    </tr>
  )
}
