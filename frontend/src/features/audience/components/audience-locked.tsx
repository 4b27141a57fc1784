import type { OrganizationSummary } from '@app/contracts'
import type { ReactNode } from 'react'
import pageStyles from '../../../components/layouts/page.module.css'
import { UpgradePrompt } from '../../billing/components/upgrade-prompt'

/** An Audience page on a plan without Audience: its heading and lead, then the upgrade prompt saying what it is. */
export function AudienceLocked({
  organization,
  title,
  lead,
  children,
}: {
  organization: OrganizationSummary
  title: string
  lead: string
  children: ReactNode
}) {
  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <h1>{title}</h1>
        <p className={pageStyles.lead}>{lead}</p>
      </header>
      <UpgradePrompt feature="audience" organization={organization}>
        {children}
      </UpgradePrompt>
    </div>
  )
}
