import {
  type CampaignCompare,
  COMPARE_CAMPAIGNS,
  DEFAULT_MACHINE_OPEN_MODE,
  type MachineOpenMode,
  type OrganizationSummary,
  planUnlocks,
  type ReportRates,
} from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { ButtonLink } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import { isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { UpgradePrompt } from '../../billing/components/upgrade-prompt'
import { dateTimeText } from '../../templates/template-display'
import { reportQueries } from '../api/reports'
import { countText } from '../campaign-display'
import { bestIndex, compareIds, percentText } from '../report-display'
import campaignStyles from './campaigns.module.css'
import styles from './report.module.css'
import { ScrollRegion } from './scroll-region'

const TITLE = 'Compare campaigns'
type Compared = CampaignCompare['campaigns'][number]

/** The rows of the comparison: each rate, and whether lower is better. */
const RATE_ROWS: { key: keyof ReportRates; label: string; lowerIsBetter: boolean }[] = [
  { key: 'delivery', label: 'Delivery rate', lowerIsBetter: false },
  { key: 'open', label: 'Open rate', lowerIsBetter: false },
  { key: 'click', label: 'Click rate', lowerIsBetter: false },
  { key: 'clickToOpen', label: 'Click-to-open', lowerIsBetter: false },
  { key: 'bounce', label: 'Bounce rate', lowerIsBetter: true },
  { key: 'complaint', label: 'Complaint rate', lowerIsBetter: true },
  { key: 'unsubscribe', label: 'Unsubscribe rate', lowerIsBetter: true },
]

const COUNT_ROWS: { label: string; value: (campaign: Compared) => number }[] = [
  { label: 'Recipients', value: (campaign) => campaign.counts.recipients },
  { label: 'Delivered', value: (campaign) => campaign.counts.delivered },
  { label: 'Opened (people)', value: (campaign) => campaign.counts.uniqueOpens },
  { label: 'Clicked (people)', value: (campaign) => campaign.counts.uniqueClicks },
  { label: 'Bounces', value: (campaign) => campaign.counts.hardBounces + campaign.counts.softBounces },
  { label: 'Complaints', value: (campaign) => campaign.counts.complaints },
  { label: 'Unsubscribes', value: (campaign) => campaign.counts.unsubscribes },
]

/** `/app/campaigns/compare?ids=a,b`: two to ten campaigns' rates side by side. */
export function ComparePage({ organization }: { organization: OrganizationSummary }) {
  const [search] = useSearchParams()
  const ids = compareIds(search, COMPARE_CAMPAIGNS.max)
  return (
    <div className={pageStyles.page}>
      <Link to={paths.campaigns()} className={pageStyles.back}>
        ← All campaigns
      </Link>
      <header className={pageStyles.header}>
        <h1>{TITLE}</h1>
        <p className={pageStyles.lead}>Rates side by side; the best of each row is starred.</p>
      </header>
      {!planUnlocks(organization.plan, 'campaigns') ? (
        <UpgradePrompt feature="campaigns" organization={organization}>
          Campaign reports and comparisons come with campaigns.
        </UpgradePrompt>
      ) : ids.length < COMPARE_CAMPAIGNS.min ? (
        <section className={pageStyles.empty} aria-labelledby="compare-empty">
          <p id="compare-empty" className={pageStyles.emptyTitle}>
            Choose two or more campaigns
          </p>
          <p>Tick the sent campaigns you want to compare on the list, then choose “Compare”.</p>
          <ButtonLink to={`${paths.campaigns()}?status=SENT`}>Choose campaigns</ButtonLink>
        </section>
      ) : (
        <Comparison organizationId={organization.id} ids={ids} />
      )}
    </div>
  )
}

function Comparison({ organizationId, ids }: { organizationId: string; ids: string[] }) {
  const [machineOpens, setMachineOpens] = useState<MachineOpenMode>(DEFAULT_MACHINE_OPEN_MODE)
  const query = useQuery(reportQueries.compare(organizationId, ids, machineOpens))
  const data = query.data
  if (!data) {
    if (!query.isError) return <LoadingLines lines={8} label="Loading the comparison" />
    return isApiError(query.error, 'campaigns.not_found') ? (
      <section className={pageStyles.empty} aria-labelledby="compare-missing">
        <p id="compare-missing" className={pageStyles.emptyTitle}>
          One of these campaigns does not exist
        </p>
        <p>It was deleted, or belongs to another organization. Choose the campaigns again.</p>
        <ButtonLink to={paths.campaigns()}>All campaigns</ButtonLink>
      </section>
    ) : (
      <LoadError
        title="Could not compare the campaigns"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    )
  }
  const campaigns = data.campaigns
  return (
    <section
      className={query.isPlaceholderData ? `${styles.panel} ${campaignStyles.stale}` : styles.panel}
      aria-labelledby="compare-title"
    >
      <div className={styles.panelHeader}>
        <h2 id="compare-title">{campaigns.length} campaigns</h2>
        <div className={styles.machine}>
          <span className={styles.muted} aria-hidden="true">
            Machine opens
          </span>
          <ToggleButtons
            label="Machine opens"
            options={[
              { value: 'exclude', label: 'Left out' },
              { value: 'include', label: 'Counted' },
            ]}
            value={data.machineOpens}
            onChange={setMachineOpens}
          />
        </div>
        <p className={styles.muted}>
          {data.machineOpens === 'exclude'
            ? 'Open rates leave out machine opens (Apple Mail Privacy Protection and similar proxies).'
            : 'Open rates count machine opens, so they read higher than what people opened.'}{' '}
          Bounce rate: hard bounces of sent; the others of delivered.
        </p>
      </div>
      <ScrollRegion className={styles.tableWrap} label="Comparison table">
        <table className={styles.table}>
          <caption className="visually-hidden">Rates and counts of each campaign, one column each</caption>
          <thead>
            <tr>
              <th scope="col">Rate</th>
              {campaigns.map((campaign) => (
                <th scope="col" key={campaign.id} className={styles.number}>
                  <Link to={paths.campaign(campaign.id)}>{campaign.name}</Link>
                  <span className={styles.started}>
                    {campaign.startedAt ? dateTimeText(campaign.startedAt) : 'Not started'}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {RATE_ROWS.map((row) => {
              const rates = campaigns.map((campaign) => campaign.rates[row.key])
              const best = bestIndex(rates, row.lowerIsBetter)
              return (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  {rates.map((rate, index) => (
                    <td
                      key={campaigns[index]?.id}
                      className={index === best ? `${styles.number} ${styles.best}` : styles.number}
                    >
                      {percentText(rate)}
                      {index === best && <span className="visually-hidden"> (best)</span>}
                    </td>
                  ))}
                </tr>
              )
            })}
            {COUNT_ROWS.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {campaigns.map((campaign) => (
                  <td key={campaign.id} className={styles.number}>
                    {countText(row.value(campaign))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  )
}
