import type { AwsAccount, SesEventType } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { reportQueries, sesMonitoringQueries } from '../api/ses-monitoring'
import {
  browserTimeZone,
  REPORT_RANGE_OPTIONS,
  REPORT_RANGES,
  type ReportRangeId,
  reportRange,
} from '../report-range'
import styles from './monitoring.module.css'
import { ReportSummary } from './report-summary'
import { StatusChart } from './status-chart'

const RANGE_OPTIONS = REPORT_RANGES.map((id) => ({ value: id, label: REPORT_RANGE_OPTIONS[id].label }))

function ReportError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <Alert
      tone="danger"
      role="alert"
      title={`Could not load the ${what}`}
      actions={
        isApiError(error, 'plan.feature_locked') ? (
          <ButtonLink to={paths.planChooser()} size="small">
            See plans
          </ButtonLink>
        ) : (
          <Button variant="secondary" size="small" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      {errorMessage(error)}
    </Alert>
  )
}

/**
 * The metrics of a range (last 24 hours by hour; 7, 30 or 90 days by day, cut in the browser's time zone): totals
 * and rates, then a line per status over time. The range's end is fixed when it is chosen; Refresh moves it to now.
 */
export function MonitoringReport({
  awsAccount,
  eventTypes,
  rangeId,
  onRangeChange,
}: {
  awsAccount: Pick<AwsAccount, 'id' | 'organizationId'>
  eventTypes: readonly SesEventType[]
  rangeId: ReportRangeId
  onRangeChange: (range: ReportRangeId) => void
}) {
  const queryClient = useQueryClient()
  const [now, setNow] = useState(Date.now)
  const [timeZone] = useState(browserTimeZone)
  const range = reportRange(rangeId, now, timeZone)
  const queries = reportQueries(awsAccount, range)
  const combined = useQuery(queries.combined)
  const series = useQuery(queries.timeSeries)
  const updating = combined.isPlaceholderData || series.isPlaceholderData

  return (
    <Card
      title="Metrics"
      description={`${REPORT_RANGE_OPTIONS[rangeId].label}, by ${range.granularity}, in your time zone (${timeZone}).`}
      actions={
        <Button
          variant="secondary"
          size="small"
          loading={combined.isFetching || series.isFetching}
          onClick={() => {
            setNow(Date.now())
            void queryClient.invalidateQueries({ queryKey: sesMonitoringQueries.all() })
          }}
        >
          Refresh
        </Button>
      }
    >
      <div className={styles.stack}>
        <ToggleButtons
          label="Range"
          options={RANGE_OPTIONS}
          value={rangeId}
          onChange={(id) => {
            setNow(Date.now())
            onRangeChange(id)
          }}
        />
        <div className={updating ? styles.stale : undefined} aria-busy={updating || undefined}>
          <div className={styles.stack}>
            {combined.data ? (
              <ReportSummary report={combined.data} eventTypes={eventTypes} />
            ) : combined.isError ? (
              <ReportError error={combined.error} what="totals" onRetry={() => void combined.refetch()} />
            ) : (
              <LoadingLines lines={3} label="Loading the totals" />
            )}
            {series.data ? (
              <StatusChart series={series.data} />
            ) : series.isError ? (
              <ReportError error={series.error} what="chart" onRetry={() => void series.refetch()} />
            ) : (
              <LoadingLines lines={5} label="Loading the chart" />
            )}
          </div>
        </div>
      </div>
    </Card>
  )
}
