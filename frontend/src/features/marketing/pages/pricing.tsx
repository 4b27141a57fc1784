import {
  type BillingInterval,
  FEATURE_LABELS,
  FEATURES,
  formatUsd,
  isComingSoon,
  PLAN_TIERS,
  type PlanTier,
  TIERS,
  yearlySavingUsd,
} from '@app/contracts'
import { useState } from 'react'
import { ButtonLink } from '../../../components/ui/button'
import { ComingSoon } from '../../../components/ui/coming-soon'
import marketing from '../components/marketing.module.css'
import { SIGN_UP_PATH } from '../site-map'
import { usePageMeta } from '../use-page-meta'
import styles from './pricing.module.css'

const INTERVAL_LABEL: Record<BillingInterval, string> = { month: 'Monthly', year: 'Yearly' }

/** "1 member", "Up to 5 members": the plan's seats (an organization over them keeps everyone, adds no one). */
function seatLine(count: number, noun: string): string {
  return count === 1 ? `1 ${noun}` : `Up to ${count} ${noun}s`
}

function TierCard({ tier, interval }: { tier: PlanTier; interval: BillingInterval }) {
  const info = TIERS[tier]
  const free = tier === 'START'
  const price = info.priceUsd[interval]
  const headingId = `plan-${tier.toLowerCase()}`
  return (
    <li className={`${styles.card} ${tier === 'TEAM' ? styles.featured : ''}`}>
      <h2 id={headingId} className={styles.name}>
        {info.name}
      </h2>
      <p className={styles.summary}>{info.summary}</p>
      <p className={styles.price}>
        <span className={styles.amount}>{formatUsd(free ? 0 : price)}</span>
        <span className={styles.per}>{free ? 'forever' : `per ${interval}`}</span>
      </p>
      <p className={styles.saving}>
        {free
          ? 'No credit card required'
          : interval === 'year'
            ? `Save ${formatUsd(yearlySavingUsd(tier))} compared with monthly`
            : `or ${formatUsd(info.priceUsd.year)} billed yearly`}
      </p>
      <ButtonLink to={SIGN_UP_PATH} variant={tier === 'TEAM' ? 'primary' : 'secondary'} block>
        {free ? 'Start for free' : `Choose ${info.name}`}
      </ButtonLink>
      <ul className={styles.features}>
        <li className={styles.included}>
          {info.templateActionsPerMonth === null
            ? 'Unlimited template management'
            : `${info.templateActionsPerMonth} template actions a month`}
        </li>
        <li className={styles.included}>{seatLine(info.seats.members, 'member')}</li>
        <li className={styles.included}>{seatLine(info.seats.awsAccounts, 'AWS account')}</li>
        {FEATURES.map((feature) => {
          const included = info.features.includes(feature)
          return (
            <li key={feature} className={included ? styles.included : styles.excluded}>
              {FEATURE_LABELS[feature]}
              <span className="visually-hidden">{included ? ' (included)' : ' (not included)'}</span>
              {included && (
                <>
                  {' '}
                  <ComingSoon offering={feature} />
                </>
              )}
            </li>
          )
        })}
      </ul>
    </li>
  )
}

export function Component() {
  usePageMeta(
    'Pricing',
    'SES Studio pricing: Start free with 5 template actions a month; Solo $19, Team $49 and Team Plus $99 a month, or two months free when billed yearly.',
  )
  const [interval, setBillingInterval] = useState<BillingInterval>('month')
  return (
    <>
      <section className={`${marketing.hero} ${marketing.centered}`} aria-labelledby="page-title">
        <p className={marketing.eyebrow}>Pricing</p>
        <h1 id="page-title" className={marketing.title}>
          Pay for the dashboard, not per contact
        </h1>
        <p className={marketing.lead}>
          Sending is billed by AWS to your own account at SES prices. SES Studio’s plans cover the tools
          around it. Prices in US dollars.
        </p>
        <fieldset className={styles.toggle}>
          <legend className="visually-hidden">Billing period</legend>
          {(['month', 'year'] as const).map((value) => (
            <label key={value} className={styles.option}>
              <input
                type="radio"
                name="billing-period"
                value={value}
                checked={interval === value}
                onChange={() => setBillingInterval(value)}
              />
              <span>
                {INTERVAL_LABEL[value]}
                {value === 'year' && <span className={styles.hint}> · 2 months free</span>}
              </span>
            </label>
          ))}
        </fieldset>
      </section>
      <ul className={styles.cards} aria-label="Plans">
        {PLAN_TIERS.map((tier) => (
          <TierCard key={tier} tier={tier} interval={interval} />
        ))}
      </ul>
      <section className={marketing.section} aria-labelledby="questions">
        <h2 id="questions" className={marketing.sectionTitle}>
          Questions
        </h2>
        <dl className={styles.faq}>
          <dt>What is a template action?</dt>
          <dd>
            Creating, duplicating, updating or removing a template. The Start plan includes 5 a month,
            restored on the 1st of each month; paid plans have no limit.
          </dd>
          <dt>Does the price include sending?</dt>
          <dd>
            No. Messages are sent by Amazon SES in your AWS account and AWS bills you for them directly, at
            SES prices.
          </dd>
          <dt>Can I change plans later?</dt>
          <dd>
            Yes, from the organization’s billing page. A plan belongs to an organization, so everyone in it
            shares it
            {isComingSoon('teamInvitations') ? ' (inviting your team to an organization is coming soon)' : ''}
            .
          </dd>
          <dt>What does “Coming soon” mean?</dt>
          <dd>
            The feature is part of the plan but not in SES Studio yet. It arrives in a later release at no
            extra cost; until then the plan gives you everything else it lists.
          </dd>
          <dt>Where does my money go?</dt>
          <dd>Payments are handled by Stripe. 0.5% of each purchase goes to carbon removal.</dd>
        </dl>
      </section>
    </>
  )
}
