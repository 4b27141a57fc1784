import { type CombinedReport, can, lowestTierFor, type OrganizationSummary, TIERS } from '@app/contracts'
import type { UseQueryResult } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { paths } from '../../../lib/paths'
import { countText } from '../../campaigns/campaign-display'
import {
  percentText,
  REPUTATION_WINDOW_DAYS,
  type ReputationKind,
  THRESHOLD_BADGES,
  thresholdLevel,
  thresholdText,
} from '../dashboard-display'
import styles from './dashboard.module.css'
import { QueryBody } from './section-states'

const KINDS: { kind: ReputationKind; label: string }[] = [
  { kind: 'bounce', label: 'Bounce rate' },
  { kind: 'complaint', label: 'Complaint rate' },
]

/**
 * Bounce and complaint rates of the last week against SES's thresholds, counted from the account's SES events —
 * or why they are not known: monitoring is off, or not on the plan.
 */
export function ReputationFacts({
  organization,
  onPlan,
  monitoringOn,
  reputation,
}: {
  organization: OrganizationSummary
  onPlan: boolean
  monitoringOn: boolean
  reputation: UseQueryResult<CombinedReport>
}) {
  const headingId = useId()
  // The organization summary carries the member's role: ask contracts' rule of it directly.
  const canUpgrade = can(organization.role, 'billing.manage')
  const heading = (
    <p id={headingId} className={styles.emptyTitle}>
      Bounces and complaints, last {REPUTATION_WINDOW_DAYS} days
    </p>
  )

  if (!onPlan) {
    const tier = TIERS[lowestTierFor('monitoring')].name
    return (
      <section className={styles.empty} aria-labelledby={headingId}>
        {heading}
        <p>
          Bounce and complaint rates against SES’s thresholds come with SES monitoring, on the {tier} plan.{' '}
          {canUpgrade ? (
            <Link to={paths.planChooser()}>Upgrade to {tier}</Link>
          ) : (
            <Link to={paths.billing()}>See the subscription</Link>
          )}
        </p>
      </section>
    )
  }
  if (!monitoringOn) {
    return (
      <section className={styles.empty} aria-labelledby={headingId}>
        {heading}
        <p>
          Turn on SES monitoring to count bounces and complaints and see them against SES’s thresholds.{' '}
          <Link to={paths.monitoring()}>Set up monitoring</Link>
        </p>
      </section>
    )
  }
  return (
    <section className={styles.stack} aria-labelledby={headingId}>
      {heading}
      <QueryBody query={reputation} what="the bounce and complaint rates" lines={2}>
        {(report) =>
          report.totals.sent === 0 ? (
            <p className={styles.muted}>
              Nothing was sent with monitoring in the last {REPUTATION_WINDOW_DAYS} days.{' '}
              <Link to={paths.monitoring()}>Logs & metrics</Link>
            </p>
          ) : (
            <dl className={styles.facts}>
              {KINDS.map(({ kind, label }) => {
                const rate = report.rates[kind]
                const level = THRESHOLD_BADGES[thresholdLevel(kind, rate)]
                return (
                  <div key={kind}>
                    <dt>{label}</dt>
                    <dd>
                      {percentText(rate)} <Badge color={level.color}>{level.label}</Badge>
                      <span className={styles.sub}>SES: {thresholdText(kind)}</span>
                    </dd>
                  </div>
                )
              })}
              <div>
                <dt>Sent</dt>
                <dd>
                  {countText(report.totals.sent)}
                  <Link className={styles.sub} to={paths.monitoring()}>
                    Logs & metrics
                  </Link>
                </dd>
              </div>
            </dl>
          )
        }
      </QueryBody>
    </section>
  )
}
