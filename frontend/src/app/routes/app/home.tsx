import { planUnlocks } from '@app/contracts'
import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router-dom'
import styles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import { VerifyEmailBanner } from '../../../features/account/components/verify-email-banner'
import { awsAccountQueries } from '../../../features/aws-accounts/api/aws-accounts'
import { dashboardQueries } from '../../../features/dashboard/api/dashboard'
import { DashboardHome } from '../../../features/dashboard/components/dashboard-home'
import { jobQueries } from '../../../features/jobs/api/jobs'
import { ChooseStartPlan } from '../../../features/organizations/components/choose-start-plan'
import { OrganizationList } from '../../../features/organizations/components/organization-list'
import { organizationName } from '../../../features/organizations/organization-display'
import { paths } from '../../../lib/paths'
import { requireAccount } from './require-account'
import { selectedAwsAccountLoader } from './selected-aws-account-loader'

/** The home's reads start while its code loads: the selected account's SES state, templates, jobs, campaigns. */
const loadAwsAccount = selectedAwsAccountLoader((queryClient, selected) => {
  void queryClient.prefetchQuery(awsAccountQueries.status(selected.id))
})

export const clientLoader = (queryClient: QueryClient) => {
  const awsAccount = loadAwsAccount(queryClient)
  return async (args: LoaderFunctionArgs) => {
    const organization = selectedOrganizationOf(await requireAccount(queryClient, args.request))
    if (organization) {
      void queryClient.prefetchQuery(dashboardQueries.recentTemplates(organization.id))
      void queryClient.prefetchQuery(jobQueries.recent(organization.id))
      if (planUnlocks(organization.plan, 'campaigns'))
        void queryClient.prefetchQuery(dashboardQueries.recentCampaigns(organization.id))
    }
    return awsAccount(args)
  }
}

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const current = selectedOrganizationOf(account)

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Dashboard</h1>
        <p className={styles.lead}>
          Signed in as <strong data-testid="account-email">{account.email}</strong>
        </p>
      </header>

      {!account.emailVerified && <VerifyEmailBanner email={account.email} />}

      {current && !current.plan && (
        <Alert
          tone="info"
          title={`Choose a plan for ${organizationName(current)}`}
          actions={<ChooseStartPlan organization={current} />}
        >
          START is free: 5 template actions a month. Paid plans unlock campaigns, audience and unlimited
          templates.
        </Alert>
      )}

      <DashboardHome
        aside={
          <Card
            title="Organizations"
            description="Templates, contacts and campaigns belong to an organization. Switch to work in another one."
            actions={
              <ButtonLink to={paths.newOrganization()} variant="secondary" size="small">
                Add Organization
              </ButtonLink>
            }
          >
            <OrganizationList account={account} />
          </Card>
        }
      />
    </div>
  )
}
