import {
  type BillingInterval,
  COMING_SOON,
  COMING_SOON_LABEL,
  type Feature,
  formatUsd,
  isPaidPlan,
  type OrganizationSummary,
  PLAN_TIERS,
  type PlanTier,
  planFor,
  planInterval,
  TIERS,
  yearlySavingUsd,
} from '@app/contracts'
import { type ReactNode, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { ComingSoon } from '../../../components/ui/coming-soon'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { usePermission } from '../../account/use-permission'
import { useStartCheckout } from '../api/billing'
import { seatsText } from '../billing-display'
import styles from './plan-picker.module.css'

const PAID_TIERS = PLAN_TIERS.filter((tier) => tier !== 'START')

/** Written for someone choosing a plan, a little longer than the sidebar's names. */
const FEATURE_LABELS: Record<Feature, string> = {
  reusableBlocks: 'Reusable blocks',
  audience: 'Contacts and topics',
  campaigns: 'Email campaigns',
  monitoring: 'Logs & metrics',
  githubSync: 'Github sync',
}

interface PlanPickerProps {
  organization: OrganizationSummary
  /** The START card's button; without it the card is left out (billing only offers paid plans). */
  startAction?: ReactNode
}

/**
 * Spec §4 plans with a monthly/yearly switch. A paid plan starts a Stripe Checkout and sends the browser there;
 * Stripe sends it back to the activation page, or to the plan page when the customer cancels. Organizations with
 * a running subscription switch in Stripe's portal instead, so they never see this.
 */
export function PlanPicker({ organization, startAction }: PlanPickerProps) {
  const [interval, setBillingInterval] = useState<BillingInterval>(
    (organization.plan && planInterval(organization.plan)) ?? 'month',
  )
  const checkout = useStartCheckout()
  const canPay = usePermission('billing.manage', organization.id)
  // After success the browser is leaving for Stripe: keep that button busy and the others still.
  const busyPlan = checkout.isPending || checkout.isSuccess ? checkout.variables?.plan : undefined

  return (
    <div className={styles.picker}>
      <fieldset className={styles.toggle} aria-label="Billing period">
        <button type="button" aria-pressed={interval === 'month'} onClick={() => setBillingInterval('month')}>
          Monthly
        </button>
        <button type="button" aria-pressed={interval === 'year'} onClick={() => setBillingInterval('year')}>
          Yearly
        </button>
      </fieldset>

      {checkout.isError && (
        <Alert
          tone="danger"
          role="alert"
          title="Checkout could not start"
          actions={
            isApiError(checkout.error, 'billing.subscription_exists') ? (
              <ButtonLink to={paths.billing()} variant="secondary" size="small">
                Subscription &amp; billing
              </ButtonLink>
            ) : undefined
          }
        >
          {errorMessage(checkout.error, 'Could not start the checkout because of an error')}
        </Alert>
      )}

      <div className={styles.plans}>
        {startAction && (
          <section className={styles.plan} aria-label={TIERS.START.name}>
            <h2>
              <Badge color={TIERS.START.badgeColor}>{TIERS.START.name}</Badge>
            </h2>
            <p className={styles.price}>
              {formatUsd(0)} <small>forever</small>
            </p>
            <p className={styles.summary}>{TIERS.START.summary}</p>
            <ul className={styles.features}>
              <li>{TIERS.START.templateActionsPerMonth} template actions a month, restored on the 1st</li>
              <li>{seatsText(TIERS.START.seats)}</li>
              <li>Templates on your own SES account</li>
            </ul>
            <div className={styles.actions}>{startAction}</div>
          </section>
        )}
        {PAID_TIERS.map((tier) => {
          const plan = planFor(tier, interval)
          if (!isPaidPlan(plan)) return null
          return (
            <TierCard key={tier} tier={tier} interval={interval}>
              <Button
                variant={tier === 'TEAM' ? 'primary' : 'secondary'}
                block
                loading={busyPlan === plan}
                disabled={!canPay || (busyPlan !== undefined && busyPlan !== plan)}
                onClick={() => checkout.mutate({ organizationId: organization.id, plan })}
              >
                Choose {TIERS[tier].name}
              </Button>
            </TierCard>
          )
        })}
      </div>
      {COMING_SOON.length > 0 && (
        <p className={styles.footnote}>
          Features marked “{COMING_SOON_LABEL}” are part of the plan but not in SES Studio yet; they arrive in
          a later release at no extra cost.
        </p>
      )}
      <p className={styles.footnote}>
        {canPay
          ? 'Paid by card through Stripe. Switch plans, update the card or cancel any time from Subscription & billing.'
          : 'Only owners and admins of this organization can choose a paid plan.'}
      </p>
    </div>
  )
}

function TierCard({
  tier,
  interval,
  children,
}: {
  tier: PlanTier
  interval: BillingInterval
  children: ReactNode
}) {
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
        <li>{seatsText(info.seats)}</li>
        {info.features.map((feature) => (
          <li key={feature}>
            {FEATURE_LABELS[feature]} <ComingSoon offering={feature} />
          </li>
        ))}
        {interval === 'year' && yearlySavingUsd(tier) > 0 && (
          <li>Saves {formatUsd(yearlySavingUsd(tier))} a year</li>
        )}
      </ul>
      <div className={styles.actions}>{children}</div>
    </section>
  )
}
