import { COUNT_OF_EVENT, type CombinedReport, type SesEventType, type StatusCounts } from '@app/contracts'
import type { ReactNode } from 'react'
import { Badge } from '../../../components/ui/badge'
import definitions from '../../../components/ui/definition-grid.module.css'
import { formatCount } from '../../aws-accounts/ses-status-display'
import { formatRate, reputationText, SMALL_SAMPLE, thresholdGauge } from '../monitoring-display'
import styles from './monitoring.module.css'

/** The event type that fills each count (a count stays 0 when its events are not recorded). */
const EVENT_OF_COUNT = Object.fromEntries(
  Object.entries(COUNT_OF_EVENT).map(([type, key]) => [key, type as SesEventType]),
) as Record<keyof StatusCounts, SesEventType>

function Stat({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd className={styles.statValue}>{value}</dd>
      {children && <dd className={styles.statNote}>{children}</dd>}
    </div>
  )
}

function RateStat({
  kind,
  report,
  recorded,
}: {
  kind: 'bounce' | 'complaint'
  report: CombinedReport
  recorded: boolean
}) {
  const rate = report.rates[kind]
  const thresholds = report.thresholds[kind]
  const text = reputationText(kind, report.reputation[kind], thresholds)
  const gauge = thresholdGauge(rate, thresholds)
  const counted = kind === 'bounce' ? report.totals.bounced : report.totals.complained
  return (
    <div className={`${styles.stat} ${styles.rateStat} ${styles[`level-${report.reputation[kind]}`]}`}>
      <dt>{kind === 'bounce' ? 'Bounce rate' : 'Complaint rate'}</dt>
      <dd className={styles.statValue}>
        {formatRate(rate)}
        {rate !== null && recorded && <Badge color={text.badge}>{text.label}</Badge>}
      </dd>
      <dd className={styles.statNote}>
        {!recorded
          ? `${kind === 'bounce' ? 'Bounces' : 'Complaints'} are not recorded.`
          : `${formatCount(counted)} ${kind === 'bounce' ? 'bounced' : counted === 1 ? 'complaint' : 'complaints'}`}
      </dd>
      <dd className={styles.gauge} aria-hidden="true">
        <span className={styles.gaugeFill} style={{ width: `${gauge.fill}%` }} />
        <span className={styles.gaugeReview} style={{ left: `${gauge.review}%` }} />
      </dd>
      <dd className={styles.statNote}>{text.thresholds}</dd>
    </div>
  )
}

/** Totals and rates of the range; bounce and complaint rates against the levels where AWS steps in. */
export function ReportSummary({
  report,
  eventTypes,
}: {
  report: CombinedReport
  /** What monitoring records: a count of events that are not recorded says so rather than show 0. */
  eventTypes: readonly SesEventType[]
}) {
  const { totals, rates } = report
  const recorded = (key: keyof StatusCounts) => eventTypes.includes(EVENT_OF_COUNT[key])
  const count = (key: keyof StatusCounts) => (recorded(key) ? formatCount(totals[key]) : '—')
  // The rarer outcomes, only when some happened.
  const others = (['delayed', 'rejected', 'renderingFailed'] as const).filter((key) => totals[key] > 0)
  const otherLabels = {
    delayed: ['delayed', 'delayed'],
    rejected: ['rejected by SES', 'rejected by SES'],
    renderingFailed: ['rendering failure', 'rendering failures'],
  } as const

  return (
    <div className={styles.summary}>
      <dl className={`${definitions.grid} ${styles.stats}`}>
        <Stat label="Sent" value={count('sent')}>
          {recorded('sent') ? 'Accepted by SES' : 'Sends are not recorded.'}
        </Stat>
        <Stat label="Delivered" value={count('delivered')}>
          {recorded('delivered')
            ? `${formatRate(rates.delivery)} delivery rate`
            : 'Deliveries are not recorded.'}
        </Stat>
        <Stat label="Opened" value={count('opened')}>
          {recorded('opened')
            ? `${formatRate(rates.open)} of delivered · messages opened at least once, machine opens (Apple Mail Privacy Protection, scanners) included`
            : 'Opens are not tracked.'}
        </Stat>
        <Stat label="Clicked" value={count('clicked')}>
          {recorded('clicked') ? `${formatRate(rates.click)} of delivered` : 'Clicks are not tracked.'}
        </Stat>
        <RateStat kind="bounce" report={report} recorded={recorded('bounced')} />
        <RateStat kind="complaint" report={report} recorded={recorded('complained')} />
      </dl>
      {others.length > 0 && (
        <p className={styles.muted}>
          Also in this range:{' '}
          {others
            .map((key) => `${formatCount(totals[key])} ${otherLabels[key][totals[key] === 1 ? 0 : 1]}`)
            .join(' · ')}
          .
        </p>
      )}
      {totals.sent > 0 && totals.sent < SMALL_SAMPLE && (
        <p className={styles.note}>
          Few messages in this range, so each bounce or complaint moves the rates a lot. AWS judges rates over
          a representative volume of your mail.
        </p>
      )}
    </div>
  )
}
