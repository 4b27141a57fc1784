import { type OrganizationSummary, planUnlocks } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import pageStyles from '../../../components/layouts/page.module.css'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { UpgradePrompt } from '../../billing/components/upgrade-prompt'
import { campaignQueries } from '../api/campaigns'
import { CampaignProgress } from './campaign-progress'
import { DraftFlow, NewCampaignFlow } from './create-flow'

const WHAT_THEY_ARE =
  'Campaigns send one of your templates through your own SES account to the contacts subscribed to your topics, with a pre-flight check of every recipient, live progress, pause and resume.'

function Gate({
  organization,
  title,
  children,
}: {
  organization: OrganizationSummary
  title: string
  children: ReactNode
}) {
  if (planUnlocks(organization.plan, 'campaigns')) return children
  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <h1>{title}</h1>
      </header>
      <UpgradePrompt feature="campaigns" organization={organization}>
        {WHAT_THEY_ARE}
      </UpgradePrompt>
    </div>
  )
}

/** `/app/campaigns/new`. */
export function NewCampaignPage({ organization }: { organization: OrganizationSummary }) {
  return (
    <Gate organization={organization} title="Create campaign">
      <NewCampaignFlow organizationId={organization.id} />
    </Gate>
  )
}

/** `/app/campaigns/:id`: the flow while a draft, live progress after. */
export function CampaignPage({ organization, id }: { organization: OrganizationSummary; id: string }) {
  return (
    <Gate organization={organization} title="Campaign">
      <CampaignById organizationId={organization.id} id={id} />
    </Gate>
  )
}

function CampaignById({ organizationId, id }: { organizationId: string; id: string }) {
  const query = useQuery(campaignQueries.detail(organizationId, id))
  const campaign = query.data
  if (!campaign) {
    return (
      <div className={pageStyles.page}>
        <Link to={paths.campaigns()} className={pageStyles.back}>
          ← All campaigns
        </Link>
        {query.isError ? (
          isApiError(query.error, 'campaigns.not_found') || isApiError(query.error, 'request.invalid') ? (
            <section className={pageStyles.empty} aria-label="Campaign not found">
              <h1 className={pageStyles.emptyTitle}>This campaign does not exist</h1>
              <p>It was deleted, or belongs to another organization.</p>
            </section>
          ) : (
            <LoadError
              title="Could not load the campaign"
              error={query.error}
              onRetry={() => void query.refetch()}
            />
          )
        ) : (
          <LoadingLines lines={6} label="Loading the campaign" />
        )}
      </div>
    )
  }
  return campaign.status === 'DRAFT' ? (
    <DraftFlow organizationId={organizationId} campaign={campaign} />
  ) : (
    <CampaignProgress organizationId={organizationId} campaign={campaign} />
  )
}
