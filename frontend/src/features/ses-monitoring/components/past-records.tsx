import { type AwsAccount, SES_EVENT_TYPES } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Alert } from '../../../components/ui/alert'
import { logsQuery } from '../api/ses-monitoring'
import type { MonitoringView } from '../log-query'
import { MessageLog } from './message-log'
import { MonitoringReport } from './monitoring-report'

/**
 * With monitoring off, what was recorded while it was on stays readable: the metrics and the log show when there
 * is something to show (the newest page of the log decides), and nothing otherwise.
 */
export function PastRecords({
  awsAccount,
  view,
  onViewChange,
}: {
  awsAccount: Pick<AwsAccount, 'id' | 'organizationId'>
  view: MonitoringView
  onViewChange: (view: MonitoringView) => void
}) {
  // The same query the log makes without filters, so it is read once.
  const newest = useQuery(
    logsQuery(awsAccount, { status: undefined, recipient: undefined, limit: view.filters.limit }, undefined),
  )
  if (!newest.data?.items.length) return null
  return (
    <>
      <Alert tone="info" title="Recorded while monitoring was on">
        The metrics and messages below stay readable. Nothing new is recorded until monitoring is enabled
        again.
      </Alert>
      <MonitoringReport
        awsAccount={awsAccount}
        eventTypes={SES_EVENT_TYPES}
        rangeId={view.range}
        onRangeChange={(range) => onViewChange({ ...view, range })}
      />
      <MessageLog
        awsAccount={awsAccount}
        filters={view.filters}
        onFiltersChange={(filters) => onViewChange({ ...view, filters })}
      />
    </>
  )
}
