import type { AwsAccount, Template } from '@app/contracts'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { awsAccountName } from '../../aws-accounts/aws-account-display'
import { useSelectedAwsAccount } from '../../aws-accounts/use-selected-aws-account'
import { JobList } from '../../jobs/components/job-list'
import styles from './ses.module.css'
import { publishLabel } from './template-ses-status'
import { useAccountSes } from './use-account-ses'

/**
 * The editor's SES lines: the template's state in each connected AWS account's SES (the selected account first)
 * with 'Publish to SES' there (the saved version: unsaved changes are saved first) and the publish job's progress.
 */
export function TemplateSesBar({ template, dirty }: { template: Template; dirty: boolean }) {
  const { accounts, selected } = useSelectedAwsAccount()
  if (!accounts.data) return null
  const verified = accounts.data
    .filter((account) => account.awsAccountVerified)
    .sort((a, b) => Number(b.id === selected?.id) - Number(a.id === selected?.id))
  if (verified.length === 0) {
    return (
      <p className={styles.sesBar}>
        <span className={styles.sesBarText}>
          {accounts.data.length === 0 ? (
            <>
              Publishing to SES needs an AWS account: <Link to={paths.newAwsAccount()}>connect one</Link>.
            </>
          ) : (
            <>
              Finish connecting your AWS account to publish:{' '}
              <Link to={paths.awsAccount()}>AWS account status</Link>.
            </>
          )}
        </span>
      </p>
    )
  }
  return (
    <section className={styles.sesLines} aria-label="In SES">
      {verified.map((account) => (
        <AccountSesLine key={account.id} account={account} template={template} dirty={dirty} />
      ))}
    </section>
  )
}

function AccountSesLine({
  account,
  template,
  dirty,
}: {
  account: AwsAccount
  template: Template
  dirty: boolean
}) {
  const ses = useAccountSes(template.organizationId, account)
  const status = ses.statuses?.get(template.id)
  const name = awsAccountName(account)
  return (
    <div className={styles.sesLine}>
      <div className={styles.sesBar}>
        <span className={styles.sesBarText}>
          SES ({name}, {account.region}):{' '}
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
        {status?.state === 'drifted' ? (
          // Publishing would skip it: the change made in SES is resolved on its review.
          <ButtonLink
            size="small"
            variant="secondary"
            to={paths.templatesSes({ awsAccount: account.id, review: template.id })}
          >
            Review changes<span className="visually-hidden"> ({name})</span>
          </ButtonLink>
        ) : (
          <Button
            size="small"
            variant="secondary"
            disabled={dirty || ses.overview.isPending}
            loading={ses.publishing.isPending}
            onClick={() => ses.publish([template.id])}
          >
            {publishLabel(status)}
            <span className="visually-hidden"> ({name})</span>
          </Button>
        )}
        <Link to={paths.templatesSes({ awsAccount: account.id })}>
          All templates in SES<span className="visually-hidden"> ({name})</span>
        </Link>
      </div>
      {ses.publishing.isError && (
        <p className={styles.sesError} role="alert">
          Could not start publishing to {name}: {errorMessage(ses.publishing.error)}
        </p>
      )}
      <JobList
        organizationId={template.organizationId}
        jobs={ses.jobs}
        onFinished={ses.onJobFinished}
        onDismiss={ses.dismiss}
      />
    </div>
  )
}
