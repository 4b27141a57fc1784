import type { ReactNode } from 'react'
import { useSelectedAwsAccount } from '../../aws-accounts/use-selected-aws-account'
import { AccountHealth } from './account-health'
import styles from './dashboard.module.css'
import { RecentCampaigns } from './recent-campaigns'
import { RecentTemplates } from './recent-templates'
import { RunningJobs } from './running-jobs'

/**
 * `/app` for the selected organization and AWS account: the account's health, recent campaigns, templates changed
 * recently and the jobs running — each read on its own, so one failing section leaves the others standing.
 * `aside` (the organizations card) closes the grid.
 */
export function DashboardHome({ aside }: { aside: ReactNode }) {
  const { organization, accounts, selected, canManage } = useSelectedAwsAccount()
  if (!organization) return <>{aside}</>
  return (
    <div className={styles.grid}>
      <div className={styles.wide}>
        <AccountHealth
          organization={organization}
          accounts={accounts}
          selected={selected}
          canManage={canManage}
        />
      </div>
      <RecentCampaigns
        key={`campaigns-${organization.id}`}
        organization={organization}
        awsAccountId={selected?.id}
      />
      <RecentTemplates key={`templates-${organization.id}`} organizationId={organization.id} />
      <RunningJobs key={`jobs-${organization.id}`} organizationId={organization.id} />
      {aside}
    </div>
  )
}
