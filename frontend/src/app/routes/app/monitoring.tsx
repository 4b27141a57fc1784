import { type AwsAccount, type OrganizationSummary, planUnlocks } from '@app/contracts'
import { useSearchParams } from 'react-router-dom'
import styles from '../../../components/layouts/page.module.css'
import { awsAccountName } from '../../../features/aws-accounts/aws-account-display'
import { SelectedAwsAccountGate } from '../../../features/aws-accounts/components/selected-aws-account-gate'
import { useSelectedAwsAccount } from '../../../features/aws-accounts/use-selected-aws-account'
import { UpgradePrompt } from '../../../features/billing/components/upgrade-prompt'
import { organizationName } from '../../../features/organizations/organization-display'
import { logsQuery, reportQueries } from '../../../features/ses-monitoring/api/ses-monitoring'
import { ConfirmingMonitoring } from '../../../features/ses-monitoring/components/confirming-monitoring'
import { EnableMonitoring } from '../../../features/ses-monitoring/components/enable-monitoring'
import { MessageLog } from '../../../features/ses-monitoring/components/message-log'
import { MonitoringReport } from '../../../features/ses-monitoring/components/monitoring-report'
import { MonitoringSetup } from '../../../features/ses-monitoring/components/monitoring-setup'
import { PastRecords } from '../../../features/ses-monitoring/components/past-records'
import {
  type MonitoringView,
  searchForView,
  viewFromSearch,
} from '../../../features/ses-monitoring/log-query'
import { browserTimeZone, reportRange } from '../../../features/ses-monitoring/report-range'
import { NoOrganizationPage } from './no-organization'
import { selectedAwsAccountLoader } from './selected-aws-account-loader'

const TITLE = 'Logs & metrics'

/** While the page's code loads: the metrics and the newest messages, when monitoring is on and the plan has it. */
export const clientLoader = selectedAwsAccountLoader((queryClient, selected, { account, url }) => {
  const plan = account.organizations.find((organization) => organization.id === selected.organizationId)?.plan
  if (!planUnlocks(plan, 'monitoring') || selected.monitoring?.state !== 'ACTIVE') return
  const view = viewFromSearch(url.searchParams)
  const report = reportQueries(selected, reportRange(view.range, Date.now(), browserTimeZone()))
  void queryClient.prefetchQuery(report.combined)
  void queryClient.prefetchQuery(report.timeSeries)
  void queryClient.prefetchQuery(logsQuery(selected, view.filters, undefined))
})

const WHAT_IT_DOES =
  'Every message your AWS account sends through SES Studio, with what happened to it: delivered, bounced, opened, clicked or marked as spam. Metrics over time show your delivery, open and click rates, and how your bounce and complaint rates stand against the levels where AWS reviews or pauses an account.'

export function Component() {
  const { organization, accounts, selected, canManage } = useSelectedAwsAccount()
  const [search, setSearch] = useSearchParams()
  const view = viewFromSearch(search)
  const changeView = (next: MonitoringView) => setSearch(searchForView(search, next), { replace: true })

  if (!organization) {
    return (
      <NoOrganizationPage title={TITLE}>
        Logs and metrics belong to the AWS account of the organization you are working in.
      </NoOrganizationPage>
    )
  }

  const locked = !planUnlocks(organization.plan, 'monitoring')

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{TITLE}</h1>
        <p className={styles.lead}>
          {selected
            ? `What happens to the mail ${awsAccountName(selected)} (${selected.region}) sends with Amazon SES: deliveries, bounces, complaints, opens and clicks.`
            : 'What happens to the mail you send with Amazon SES: deliveries, bounces, complaints, opens and clicks.'}
        </p>
      </header>

      {locked ? (
        <>
          <UpgradePrompt feature="monitoring" organization={organization}>
            {WHAT_IT_DOES}
          </UpgradePrompt>
          {/* Disabling is not gated: an organization that left a Team plan can still remove what monitoring created. */}
          {selected?.monitoring && (
            <MonitoringSetup awsAccount={selected} monitoring={selected.monitoring} canManage={canManage} />
          )}
        </>
      ) : (
        <SelectedAwsAccountGate
          accounts={accounts}
          selected={selected}
          organization={organization}
          canManage={canManage}
          empty={{
            title: 'Connect an AWS account first',
            text: 'Logs and metrics come from the Amazon SES of your own AWS account. Connect it, then turn monitoring on here.',
          }}
          unverified="SES Studio can set up monitoring once it can reach Amazon SES with this account’s credentials."
        >
          {(selected) => (
            <Monitoring
              key={selected.id}
              awsAccount={selected}
              organization={organization}
              canManage={canManage}
              view={view}
              onViewChange={changeView}
            />
          )}
        </SelectedAwsAccountGate>
      )}
    </div>
  )
}

function Monitoring({
  awsAccount,
  organization,
  canManage,
  view,
  onViewChange,
}: {
  awsAccount: AwsAccount
  organization: OrganizationSummary
  canManage: boolean
  view: MonitoringView
  onViewChange: (view: MonitoringView) => void
}) {
  const { monitoring } = awsAccount
  if (!monitoring) {
    return (
      <>
        <EnableMonitoring
          awsAccount={awsAccount}
          organizationName={organizationName(organization)}
          canManage={canManage}
        />
        <PastRecords awsAccount={awsAccount} view={view} onViewChange={onViewChange} />
      </>
    )
  }
  if (monitoring.state !== 'ACTIVE') {
    return (
      <>
        <ConfirmingMonitoring awsAccount={awsAccount} monitoring={monitoring} canManage={canManage} />
        <MonitoringSetup awsAccount={awsAccount} monitoring={monitoring} canManage={canManage} />
      </>
    )
  }
  return (
    <>
      <MonitoringReport
        awsAccount={awsAccount}
        eventTypes={monitoring.eventTypes}
        rangeId={view.range}
        onRangeChange={(range) => onViewChange({ ...view, range })}
      />
      <MessageLog
        awsAccount={awsAccount}
        filters={view.filters}
        onFiltersChange={(filters) => onViewChange({ ...view, filters })}
      />
      <MonitoringSetup awsAccount={awsAccount} monitoring={monitoring} canManage={canManage} />
    </>
  )
}
