import { type OrganizationSummary, START_ACTIONS_PER_MONTH } from '@app/contracts'
import styles from './organizations.module.css'

/** START: 'n / 5' template actions left this month, red below 1 (spec §9); paid plans are unlimited. */
export function TemplateActions({ organization }: { organization: OrganizationSummary }) {
  if (!organization.plan) return null
  if (organization.plan !== 'START' || organization.availableActions === null) {
    return <span>Unlimited template actions</span>
  }
  const left = organization.availableActions
  return (
    <span className={left < 1 ? styles.exhausted : undefined}>
      {left} / {START_ACTIONS_PER_MONTH} template actions left this month
    </span>
  )
}
