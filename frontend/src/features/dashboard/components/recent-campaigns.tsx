import {
  type Campaign,
  lowestTierFor,
  type OrganizationSummary,
  planUnlocks,
  type ReportRates,
  TIERS,
} from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LockBadge } from '../../../components/ui/lock-badge'
import { paths } from '../../../lib/paths'
import { usePermission } from '../../account/use-permission'
import {
  countText,
  progressPercent,
  progressText,
  STATUS_TEXT,
  statusLabel,
} from '../../campaigns/campaign-display'
import { whenText } from '../../templates/template-display'
import { dashboardQueries, HOME_ROWS } from '../api/dashboard'
import { campaignRateFacts, THRESHOLD_BADGES } from '../dashboard-display'
import styles from './dashboard.module.css'
import { EmptyState, QueryBody } from './section-states'

/** The latest campaigns on the selected AWS account, with their status and progress (a Team feature). */
export function RecentCampaigns({
  organization,
  awsAccountId,
}: {
  organization: OrganizationSummary
  /** The selected AWS account; undefined while none is connected. */
  awsAccountId: string | undefined
}) {
  const unlocked = planUnlocks(organization.plan, 'campaigns')
  return (
    <Card
      title="Recent campaigns"
      actions={
        unlocked ? (
          <Link className={styles.muted} to={paths.campaigns()}>
            All campaigns
          </Link>
        ) : (
          <LockBadge tier={TIERS[lowestTierFor('campaigns')].name} />
        )
      }
    >
      {unlocked ? (
        <CampaignRows organizationId={organization.id} awsAccountId={awsAccountId} />
      ) : (
        <CampaignsUpgrade organization={organization} />
      )}
    </Card>
  )
}

function CampaignsUpgrade({ organization }: { organization: OrganizationSummary }) {
  const tier = TIERS[lowestTierFor('campaigns')].name
  const canUpgrade = usePermission('billing.manage', organization.id)
  return (
    <EmptyState
      title={`Campaigns come with the ${tier} plan`}
      actions={
        canUpgrade ? (
          <ButtonLink to={paths.planChooser()} variant="secondary">
            Upgrade to {tier}
          </ButtonLink>
        ) : (
          <ButtonLink to={paths.billing()} variant="secondary">
            See the subscription
          </ButtonLink>
        )
      }
    >
      Send a template to your contacts through your own SES, paced to your sending rate, and follow its
      progress and results here.
      {!canUpgrade && ' Owners and admins can change the plan.'}
    </EmptyState>
  )
}

function CampaignRows({ organizationId, awsAccountId }: { organizationId: string; awsAccountId?: string }) {
  const list = useQuery(dashboardQueries.recentCampaigns(organizationId))
  const mine = (list.data?.items ?? [])
    .filter((campaign) => campaign.awsAccountId === awsAccountId)
    .slice(0, HOME_ROWS)
  const startedIds = mine.filter((campaign) => campaign.startedAt !== null).map((campaign) => campaign.id)
  const rates = useQuery(dashboardQueries.campaignRates(organizationId, startedIds))
  return (
    <QueryBody query={list} what="the recent campaigns">
      {(page) => {
        const mine = page.items
          .filter((campaign) => campaign.awsAccountId === awsAccountId)
          .slice(0, HOME_ROWS)
        if (page.items.length === 0)
          return (
            <EmptyState
              title="No campaigns yet"
              actions={
                <>
                  <ButtonLink to={paths.contactsImport()} variant="secondary">
                    Import contacts
                  </ButtonLink>
                  <ButtonLink to={paths.newCampaign()}>Create campaign</ButtonLink>
                </>
              }
            >
              Import your contacts into a topic, then send them a campaign with one of your templates.
            </EmptyState>
          )
        if (mine.length === 0)
          return (
            <EmptyState
              title="No recent campaigns on this AWS account"
              actions={<ButtonLink to={paths.newCampaign()}>Create campaign</ButtonLink>}
            >
              Your organization’s latest campaigns went out through another AWS account. Switch accounts in
              the top bar, or <Link to={paths.campaigns()}>see all campaigns</Link>.
            </EmptyState>
          )
        return (
          <>
            <ul className={styles.list} aria-label="Recent campaigns">
              {mine.map((campaign) => (
                <CampaignRow key={campaign.id} campaign={campaign} rates={rates.data?.[campaign.id]} />
              ))}
            </ul>
            {rates.isError && !rates.data && (
              <p className={styles.note}>
                <span className={styles.muted}>Open and click rates could not be read just now.</span>{' '}
                <button type="button" className={styles.linkButton} onClick={() => void rates.refetch()}>
                  Try again
                </button>
              </p>
            )}
          </>
        )
      }}
    </QueryBody>
  )
}

function CampaignRow({ campaign, rates }: { campaign: Campaign; rates: ReportRates | undefined }) {
  const status = STATUS_TEXT[campaign.status]
  const started = campaign.startedAt !== null
  const when = campaign.finishedAt ?? campaign.startedAt ?? campaign.updatedAt
  return (
    <li className={styles.row}>
      <div className={styles.rowHead}>
        <Link className={styles.name} to={paths.campaign(campaign.id)}>
          {campaign.name}
        </Link>
        <Badge color={status.color}>{statusLabel(campaign.status, campaign.counts)}</Badge>
      </div>
      {started ? (
        <>
          <progress
            className={styles.bar}
            max={100}
            value={progressPercent(campaign.counts)}
            aria-label={`Progress of ${campaign.name}`}
          />
          <span className={styles.muted}>
            {progressText(campaign.counts)} · {countText(campaign.counts.total)} recipients ·{' '}
            {campaign.finishedAt ? 'finished' : 'started'} {whenText(when, Date.now())}
          </span>
          {rates && (
            <ul className={styles.rates} aria-label={`Rates of ${campaign.name}`}>
              {campaignRateFacts(rates).map((fact) => (
                <li key={fact.label}>
                  {fact.label} <strong>{fact.value}</strong>
                  {fact.level && (
                    <>
                      {' '}
                      <Badge color={THRESHOLD_BADGES[fact.level].color}>
                        {THRESHOLD_BADGES[fact.level].label}
                      </Badge>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <span className={styles.muted}>Not sent yet · edited {whenText(campaign.updatedAt, Date.now())}</span>
      )}
    </li>
  )
}
