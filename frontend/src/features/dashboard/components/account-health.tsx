import { type AwsAccount, type OrganizationSummary, planUnlocks } from '@app/contracts'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { paths } from '../../../lib/paths'
import { awsAccountQueries } from '../../aws-accounts/api/aws-accounts'
import { awsAccountName } from '../../aws-accounts/aws-account-display'
import { QuotaGauge } from '../../aws-accounts/components/quota-gauge'
import { enforcementText, sandboxText, sendRateText } from '../../aws-accounts/ses-status-display'
import { monitoringPhase } from '../../ses-monitoring/monitoring-state'
import { dashboardQueries } from '../api/dashboard'
import { healthSummary, THRESHOLD_BADGES } from '../dashboard-display'
import styles from './dashboard.module.css'
import { ReputationFacts } from './reputation-facts'
import { EmptyState, QueryBody } from './section-states'

/** The selected AWS account's sending health: mode, sending, quota, rate, and bounces and complaints. */
export function AccountHealth({
  organization,
  accounts,
  selected,
  canManage,
}: {
  organization: OrganizationSummary
  accounts: UseQueryResult<AwsAccount[]>
  selected: AwsAccount | undefined
  canManage: boolean
}) {
  return (
    <Card
      title="AWS account health"
      description={selected ? `${awsAccountName(selected)} · ${selected.region}` : undefined}
      actions={
        selected?.awsAccountVerified && (
          <Link className={styles.muted} to={paths.awsAccount()}>
            Account status
          </Link>
        )
      }
    >
      <QueryBody query={accounts} what="the AWS accounts" lines={4}>
        {() =>
          !selected ? (
            <EmptyState
              title="Connect your AWS account"
              actions={canManage && <ButtonLink to={paths.newAwsAccount()}>Add AWS Account</ButtonLink>}
            >
              SES Studio sends and publishes templates through your own Amazon SES.{' '}
              {canManage
                ? 'Connect the AWS account you use it in to see its quota and reputation here.'
                : 'Owners and admins of this organization can connect one.'}
            </EmptyState>
          ) : !selected.awsAccountVerified ? (
            <EmptyState
              title={`${awsAccountName(selected)} is not connected yet`}
              actions={<ButtonLink to={paths.awsAccount()}>Finish AWS configuration</ButtonLink>}
            >
              SES Studio cannot reach Amazon SES with this connection yet: finish it to see its health.
            </EmptyState>
          ) : (
            <VerifiedHealth key={selected.id} organization={organization} awsAccount={selected} />
          )
        }
      </QueryBody>
    </Card>
  )
}

function VerifiedHealth({
  organization,
  awsAccount,
}: {
  organization: OrganizationSummary
  awsAccount: AwsAccount
}) {
  const status = useQuery(awsAccountQueries.status(awsAccount.id))
  const [now] = useState(() => Date.now())
  const onPlan = planUnlocks(organization.plan, 'monitoring')
  const monitoringOn = monitoringPhase(awsAccount) === 'on'
  const reputation = useQuery({
    ...dashboardQueries.reputation(awsAccount, now),
    enabled: onPlan && monitoringOn,
  })

  return (
    <QueryBody query={status} what="the account from Amazon SES" lines={4}>
      {(data) => {
        const mode = sandboxText(data)
        const enforcement = enforcementText(data.enforcementStatus)
        const summary = healthSummary({ ...data, rates: reputation.data?.rates ?? null })
        const overall = THRESHOLD_BADGES[summary.level]
        return (
          <div className={styles.stack}>
            <p className={styles.overall}>
              <span className={styles.emptyTitle}>Overall</span>
              <Badge color={overall.color}>{overall.label}</Badge>
              {summary.reasons.length === 0 && (
                <span className={styles.muted}>Nothing needs your attention.</span>
              )}
            </p>
            {summary.reasons.length > 0 && (
              <ul className={styles.reasons} aria-label="What needs attention">
                {summary.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            )}
            <dl className={styles.facts}>
              <div>
                <dt>Mode</dt>
                <dd>
                  <Badge color={mode.badge}>{mode.label}</Badge>
                  {!data.productionAccessEnabled && (
                    <Link className={styles.sub} to={paths.awsAccount()}>
                      Request production access
                    </Link>
                  )}
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
                <dt>SES reputation</dt>
                <dd>
                  <Badge color={enforcement.badge}>{enforcement.label}</Badge>
                </dd>
              </div>
              <div>
                <dt>Maximum send rate</dt>
                <dd>{sendRateText(data.sendQuota.maxSendRate)}</dd>
              </div>
            </dl>
            <QuotaGauge sendQuota={data.sendQuota} />
            <ReputationFacts
              organization={organization}
              onPlan={onPlan}
              monitoringOn={monitoringOn}
              reputation={reputation}
            />
          </div>
        )
      }}
    </QueryBody>
  )
}
