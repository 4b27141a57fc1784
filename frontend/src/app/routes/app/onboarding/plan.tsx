import {
  type BillingInterval,
  type Feature,
  formatUsd,
  PLAN_TIERS,
  type PlanTier,
  TIERS,
  yearlySavingUsd,
} from '@app/contracts'
import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { type LoaderFunctionArgs, Navigate, redirect, useNavigate } from 'react-router-dom'
import { Badge } from '../../../../components/ui/badge'
import { selectedOrganizationOf } from '../../../../features/account/account-state'
import { accountQueries } from '../../../../features/account/api/account'
import { ChooseStartPlan } from '../../../../features/organizations/components/choose-start-plan'
import { organizationPlanState } from '../../../../features/organizations/dashboard-entry'
import { organizationName } from '../../../../features/organizations/organization-display'
import { requireAccount } from '../require-account'
import styles from './onboarding.module.css'

const FEATURE_LABELS: Record<Feature, string> = {
  reusableBlocks: 'Reusable blocks',
  audience: 'Contacts and topics',
  campaigns: 'Email campaigns',
  monitoring: 'Logs & metrics',
  githubSync: 'Github sync',
}

/** Only organizations still choosing a plan belong here. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const account = await requireAccount(queryClient, request)
    if (organizationPlanState(account) !== 'needs-plan') throw redirect('/app')
    return null
  }

function TierCard({ tier, interval }: { tier: PlanTier; interval: BillingInterval }) {
  const info = TIERS[tier]
  return (
    <section
      className={tier === 'TEAM' ? `${styles.plan} ${styles.featured}` : styles.plan}
      aria-label={info.name}
    >
      <h2>
        <Badge color={info.badgeColor}>{info.name}</Badge>
      </h2>
      <p className={styles.price}>
        {formatUsd(info.priceUsd[interval])} <small>/ {interval}</small>
      </p>
      <p className={styles.summary}>{info.summary}</p>
      <ul className={styles.features}>
        <li>
          {info.templateActionsPerMonth === null
            ? 'Unlimited template management'
            : `${info.templateActionsPerMonth} template actions a month`}
        </li>
        {info.features.map((feature) => (
          <li key={feature}>{FEATURE_LABELS[feature]}</li>
        ))}
        {interval === 'year' && yearlySavingUsd(tier) > 0 && (
          <li>Saves {formatUsd(yearlySavingUsd(tier))} a year</li>
        )}
      </ul>
      <p className={styles.note}>
        Needs card payments, which this installation does not take yet. Start free, then upgrade from
        Subscription &amp; billing once they are set up.
      </p>
    </section>
  )
}

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const navigate = useNavigate()
  const [interval, setInterval] = useState<BillingInterval>('month')
  const organization = selectedOrganizationOf(account)
  if (!organization) return <Navigate to="/app" replace />
  const start = TIERS.START

  return (
    <>
      <div className={styles.intro}>
        <h1>Choose a plan for {organizationName(organization)}</h1>
        <p>
          Every plan works on your own AWS account: SES Studio never sends email through ours. Start for free
          and upgrade whenever you need more.
        </p>
        <fieldset className={styles.toggle} aria-label="Billing period">
          <button type="button" aria-pressed={interval === 'month'} onClick={() => setInterval('month')}>
            Monthly
          </button>
          <button type="button" aria-pressed={interval === 'year'} onClick={() => setInterval('year')}>
            Yearly
          </button>
        </fieldset>
      </div>
      <div className={styles.plans}>
        <section className={styles.plan} aria-label={start.name}>
          <h2>
            <Badge color={start.badgeColor}>{start.name}</Badge>
          </h2>
          <p className={styles.price}>
            {formatUsd(0)} <small>forever</small>
          </p>
          <p className={styles.summary}>{start.summary}</p>
          <ul className={styles.features}>
            <li>{start.templateActionsPerMonth} template actions a month, restored on the 1st</li>
            <li>Templates on your own SES account</li>
          </ul>
          <div className={styles.actions}>
            <ChooseStartPlan
              organization={organization}
              label="Start for free"
              onChosen={() => navigate('/app', { replace: true })}
            />
          </div>
        </section>
        {PLAN_TIERS.filter((tier) => tier !== 'START').map((tier) => (
          <TierCard key={tier} tier={tier} interval={interval} />
        ))}
      </div>
    </>
  )
}
