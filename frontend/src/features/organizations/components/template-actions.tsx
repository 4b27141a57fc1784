import { type OrganizationSummary, START_ACTIONS_PER_MONTH } from '@app/contracts'
import { Link } from 'react-router-dom'
import { paths } from '../../../lib/paths'
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

/** The top bar's widget, shown for START only: 'n / 5', red with an 'Upgrade' link once none are left. */
export function TemplateActionsWidget({ organization }: { organization: OrganizationSummary | undefined }) {
  if (organization?.plan !== 'START' || organization.availableActions === null) return null
  const left = organization.availableActions
  return (
    <div className={styles.widget} data-testid="template-actions-widget">
      <span className={styles.widgetLabel}>Template actions</span>
      <span
        className={left < 1 ? `${styles.widgetCount} ${styles.exhausted}` : styles.widgetCount}
        title="Template actions left this month; they restore on the 1st"
      >
        {left} / {START_ACTIONS_PER_MONTH}
      </span>
      {left < 1 && (
        <Link to={paths.planChooser()} className={styles.upgrade}>
          Upgrade
        </Link>
      )}
    </div>
  )
}
