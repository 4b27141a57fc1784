import {
  FEATURE_LABELS,
  FEATURE_TIERS,
  type Feature,
  lowestTierFor,
  type OrganizationSummary,
  planInfo,
  TIERS,
} from '@app/contracts'
import { type ReactNode, useId } from 'react'
import styles from '../../../components/layouts/page.module.css'
import { ButtonLink } from '../../../components/ui/button'
import { LockBadge } from '../../../components/ui/lock-badge'
import { paths } from '../../../lib/paths'
import { usePermission } from '../../account/use-permission'
import { organizationName } from '../../organizations/organization-display'

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
})

/** 'Team or Team Plus' */
function tierNames(feature: Feature): string {
  const names = FEATURE_TIERS[feature].map((tier) => TIERS[tier].name)
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '')
}

/**
 * A page whose feature the organization's plan does not include (spec §6): what it would do, which plans have it,
 * and the way to billing — the change itself for owners and admins, who to ask for everyone else.
 */
export function UpgradePrompt({
  feature,
  organization,
  children,
}: {
  feature: Feature
  organization: OrganizationSummary
  /** What the feature does, for someone deciding whether it is worth it. */
  children: ReactNode
}) {
  const titleId = useId()
  const canUpgrade = usePermission('billing.manage', organization.id)
  const tier = TIERS[lowestTierFor(feature)]
  const current = organization.plan ? planInfo(organization.plan).name : undefined
  const name = organizationName(organization)
  return (
    <section className={styles.empty} aria-labelledby={titleId}>
      <p id={titleId} className={`${styles.emptyTitle} ${styles.leadRow}`}>
        {FEATURE_LABELS[feature]} comes with the {tierNames(feature)} plan
        <LockBadge tier={tier.name} />
      </p>
      <div>{children}</div>
      <p>
        {current ? `${name} is on the ${current} plan.` : `${name} has no plan yet.`} {tier.name} starts at{' '}
        {dollars.format(tier.priceUsd.month)} a month.
      </p>
      {canUpgrade ? (
        <ButtonLink to={paths.planChooser()}>Upgrade to {tier.name}</ButtonLink>
      ) : (
        <>
          <p>Owners and admins of {name} can change the plan.</p>
          <ButtonLink to={paths.billing()} variant="secondary">
            See the subscription
          </ButtonLink>
        </>
      )}
    </section>
  )
}
