import type { Template } from '@app/contracts'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api-error'
import { awsAccountName } from '../../aws-accounts/aws-account-display'
import { JobList } from '../../jobs/components/job-list'
import styles from './ses.module.css'
import { publishLabel } from './template-ses-status'
import { useTemplatesSes } from './use-templates-ses'

/**
 * The editor's SES line: the template's state in the selected AWS account's SES and 'Publish to SES' (the saved
 * version; unsaved changes must be saved first), with the publish job's progress.
 */
export function TemplateSesBar({ template, dirty }: { template: Template; dirty: boolean }) {
  const ses = useTemplatesSes(template.organizationId)
  if (!ses.hasAccount) {
    return (
      <p className={styles.sesBar}>
        <span className={styles.sesBarText}>
          Publishing to SES needs an AWS account: <Link to="/app/aws-accounts/new">connect one</Link>.
        </span>
      </p>
    )
  }
  if (!ses.awsAccount) {
    return (
      <p className={styles.sesBar}>
        <span className={styles.sesBarText}>
          Finish connecting your AWS account to publish: <Link to="/app/aws-account">AWS account status</Link>
          .
        </span>
      </p>
    )
  }
  const status = ses.statuses?.get(template.id)
  const account = awsAccountName(ses.awsAccount)
  return (
    <>
      <section className={styles.sesBar} aria-label="In SES">
        <span className={styles.sesBarText}>
          SES ({account}, {ses.awsAccount.region}):{' '}
          {ses.overview.isError ? (
            <>could not read SES: {errorMessage(ses.overview.error)}</>
          ) : status ? (
            <>
              <Badge color={status.color}>{status.label}</Badge>{' '}
              {status.sesName && status.publishedVersion !== null
                ? `as ${status.sesName}, version ${status.publishedVersion} published. `
                : ''}
              {status.hint}
            </>
          ) : (
            'reading…'
          )}
          {dirty && <strong> Save first: publishing sends the saved version.</strong>}
        </span>
        <Button
          size="small"
          variant="secondary"
          disabled={dirty || ses.overview.isPending}
          loading={ses.publishing.isPending}
          title={dirty ? 'Save first: publishing sends the saved version.' : undefined}
          onClick={() => ses.publish([template.id])}
        >
          {publishLabel(status)}
        </Button>
        <Link to="/app/templates/ses">All templates in SES</Link>
      </section>
      {ses.publishing.isError && (
        <p className={styles.sesError} role="alert">
          Could not start publishing: {errorMessage(ses.publishing.error)}
        </p>
      )}
      <JobList
        organizationId={template.organizationId}
        jobs={ses.jobs}
        onFinished={ses.onJobFinished}
        onDismiss={ses.dismiss}
      />
    </>
  )
}
