import type { AwsAccount } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import definitions from '../../../components/ui/definition-grid.module.css'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { awsAccountQueries } from '../api/aws-accounts'
import {
  enforcementText,
  formatCheckedAt,
  formatCount,
  reviewText,
  sandboxText,
  sendRateText,
  statusGuidance,
} from '../ses-status-display'
import styles from './aws-accounts.module.css'
import { LeaveSandboxForm } from './leave-sandbox-form'
import { QuotaGauge } from './quota-gauge'

/** The live SES state of a verified connection, with guidance per state and the production-access request. */
export function StatusOverview({
  awsAccount,
  organizationName,
  contactEmail,
  canManage,
}: {
  awsAccount: AwsAccount
  organizationName: string
  contactEmail: string
  canManage: boolean
}) {
  const status = useQuery(awsAccountQueries.status(awsAccount.id))
  const [requesting, setRequesting] = useState(false)
  const refresh = (
    <Button
      variant="secondary"
      size="small"
      loading={status.isFetching}
      onClick={() => void status.refetch()}
    >
      Refresh
    </Button>
  )

  if (!status.data) {
    return (
      <Card title="Sending" actions={status.isError ? refresh : undefined}>
        {status.isError ? (
          <Alert tone="danger" role="alert" title="Could not read the account from Amazon SES">
            {errorMessage(status.error)}
            {isApiError(status.error, 'aws.throttled') && ' Wait a few seconds before refreshing.'}
          </Alert>
        ) : (
          <LoadingLines lines={5} label="Reading the account from Amazon SES" />
        )}
      </Card>
    )
  }

  const data = status.data
  const mode = sandboxText(data)
  const enforcement = enforcementText(data.enforcementStatus)
  const review = data.review ? reviewText(data.review.status) : undefined
  const canRequest =
    canManage && !data.productionAccessEnabled && data.review?.status !== 'PENDING' && !requesting

  return (
    <>
      <Card title="Sending" description={`Checked ${formatCheckedAt(data.checkedAt)}`} actions={refresh}>
        <div className={styles.stack}>
          {status.isError && (
            <Alert tone="warning" role="alert">
              Could not refresh: {errorMessage(status.error)}
            </Alert>
          )}
          <dl className={`${definitions.grid} ${styles.facts}`}>
            <div>
              <dt>Mode</dt>
              <dd>
                <Badge color={mode.badge}>{mode.label}</Badge>
              </dd>
            </div>
            <div>
              <dt>Sending</dt>
              <dd>
                {data.sendingEnabled ? (
                  <Badge color="green">Enabled</Badge>
                ) : (
                  <Badge color="red">Paused</Badge>
                )}
              </dd>
            </div>
            <div>
              <dt>Reputation</dt>
              <dd>
                <Badge color={enforcement.badge}>{enforcement.label}</Badge>
              </dd>
            </div>
            <div>
              <dt>Maximum send rate</dt>
              <dd>{sendRateText(data.sendQuota.maxSendRate)}</dd>
            </div>
            <div>
              <dt>Region</dt>
              <dd>{data.region}</dd>
            </div>
          </dl>
          <QuotaGauge sendQuota={data.sendQuota} />
          {statusGuidance(data).map((item) => (
            <Alert
              key={item.id}
              tone={item.tone}
              title={item.title}
              actions={
                item.id === 'sandbox' &&
                canRequest && <Button onClick={() => setRequesting(true)}>Request production access</Button>
              }
            >
              {item.body}
              {item.id === 'sandbox' && !canManage && data.review === null && (
                <> Owners and admins can request production access here.</>
              )}
            </Alert>
          ))}
          {data.review && review && (
            <div className={styles.review} role="status">
              <p className={styles.label}>
                Production access request <Badge color={review.badge}>{review.label}</Badge>
              </p>
              <p className={styles.muted}>
                {review.guidance}
                {data.review.caseId && <> AWS Support case {data.review.caseId}.</>}
              </p>
            </div>
          )}
        </div>
      </Card>

      {requesting && (
        <Card
          title="Request production access"
          description="AWS reviews every request by hand, usually within a day. Say what you send, to whom, and how you keep lists clean."
        >
          <LeaveSandboxForm
            awsAccountId={awsAccount.id}
            organizationName={organizationName}
            contactEmail={contactEmail}
            onDone={() => setRequesting(false)}
            onCancel={() => setRequesting(false)}
          />
        </Card>
      )}

      <Card title="Identities and suppression list">
        <dl className={`${definitions.grid} ${styles.facts}`}>
          <div>
            <dt>Email identities</dt>
            <dd>
              {formatCount(data.identities.total)} in total, {formatCount(data.identities.verified)} verified
            </dd>
          </div>
          <div>
            <dt>Suppression list</dt>
            <dd>
              {formatCount(data.suppressedDestinations)}{' '}
              {data.suppressedDestinations === 1 ? 'address' : 'addresses'}
            </dd>
          </div>
        </dl>
        <p className={styles.cardFooter}>
          <Link to={paths.emailIdentities()}>Manage email identities</Link>
          {data.identities.verified === 0 && ' — verify an address or domain before you can send.'}
        </p>
      </Card>
    </>
  )
}
