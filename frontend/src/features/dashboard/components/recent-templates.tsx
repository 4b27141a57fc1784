import { principalName } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { paths } from '../../../lib/paths'
import { dateTimeText, whenText } from '../../templates/template-display'
import { dashboardQueries } from '../api/dashboard'
import styles from './dashboard.module.css'
import { EmptyState, QueryBody } from './section-states'

/** The organization's templates changed last, newest first, with who changed them. */
export function RecentTemplates({ organizationId }: { organizationId: string }) {
  const templates = useQuery(dashboardQueries.recentTemplates(organizationId))
  const now = Date.now()
  return (
    <Card
      title="Templates changed recently"
      actions={
        <Link className={styles.muted} to={paths.templates()}>
          All templates
        </Link>
      }
    >
      <QueryBody query={templates} what="the recent templates">
        {(items) =>
          items.length === 0 ? (
            <EmptyState
              title="No templates yet"
              actions={<ButtonLink to={paths.newTemplate()}>Create template</ButtonLink>}
            >
              Start from a designed starter or a blank template, preview it with sample data, then publish it
              to SES or send it in a campaign.
            </EmptyState>
          ) : (
            <ul className={styles.list} aria-label="Templates changed recently">
              {items.map((template) => (
                <li key={template.id} className={styles.row}>
                  <div className={styles.rowHead}>
                    <Link className={styles.name} to={paths.template(template.id)}>
                      {template.name}
                    </Link>
                    <span className={styles.muted}>Version {template.version}</span>
                  </div>
                  <span className={styles.muted}>
                    <time dateTime={template.updatedAt} title={dateTimeText(template.updatedAt)}>
                      {whenText(template.updatedAt, now)}
                    </time>{' '}
                    by {principalName(template.updatedBy)}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryBody>
    </Card>
  )
}
