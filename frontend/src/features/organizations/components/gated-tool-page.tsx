import { type Feature, type OrganizationSummary, type Permission, planUnlocks } from '@app/contracts'
import type { ReactNode } from 'react'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { usePermission } from '../../account/use-permission'
import { UpgradePrompt } from '../../billing/components/upgrade-prompt'

interface GatedToolPageProps {
  organization: OrganizationSummary
  title: string
  lead: string
  /** The plan feature the tool is sold with. */
  feature: Feature
  /** What the tool is, told beside the upgrade prompt. */
  pitch: string
  /** Who may use it; the others read `denied` instead. */
  permission: Permission
  denied: { title: string; body: ReactNode }
  /** The tool itself, for a plan that has it and a role that may use it. */
  children: ReactNode
}

/**
 * An organization tool behind a plan feature and a permission (API keys, webhooks): the page's title and lead with
 * the upgrade prompt on a plan without the feature, an explanation for a role without the permission, else the
 * tool. The server refuses the same calls; this only spares a person buttons that would fail.
 */
export function GatedToolPage(props: GatedToolPageProps) {
  const { organization, title, lead, feature, pitch, permission, denied, children } = props
  const allowed = usePermission(permission, organization.id)
  if (planUnlocks(organization.plan, feature) && allowed) return children
  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <h1>{title}</h1>
        <p className={pageStyles.lead}>{lead}</p>
      </header>
      {planUnlocks(organization.plan, feature) ? (
        <Alert title={denied.title}>{denied.body}</Alert>
      ) : (
        <UpgradePrompt feature={feature} organization={organization}>
          {pitch}
        </UpgradePrompt>
      )}
    </div>
  )
}
