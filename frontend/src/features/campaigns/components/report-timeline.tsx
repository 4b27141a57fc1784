import type { ReportTimeline } from '@app/contracts'
import { lazy, Suspense } from 'react'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { countText } from '../campaign-display'
import { rowPeriodText, timelineRows, timelineSummary } from '../report-display'
import styles from './report.module.css'
import { ScrollRegion } from './scroll-region'

/** uPlot (about 24 KB gzipped with its CSS) loads only when a report has a timeline to draw. */
const TimelineChart = lazy(() => import('./timeline-chart'))

/** Opens and clicks over time: the chart, a one-sentence summary, and the same numbers as a table. */
export function ReportTimelineSection({
  timeline,
  machineOpensIncluded,
}: {
  timeline: ReportTimeline
  machineOpensIncluded: boolean
}) {
  const active = timeline.points.some((point) => point.opens > 0 || point.clicks > 0)
  const unit = timeline.granularity === 'hour' ? 'Hour' : 'Day (UTC)'
  return (
    <section className={styles.panel} aria-labelledby="timeline-title">
      <div className={styles.panelHeader}>
        <h2 id="timeline-title">Opens and clicks over time</h2>
        <p className={styles.muted}>
          {timeline.granularity === 'hour'
            ? 'Hour by hour for the first 48 hours after sending started, then day by day.'
            : 'Day by day (UTC days): the campaign started more than 48 hours ago.'}
          {machineOpensIncluded ? ' Machine opens included.' : ' Machine opens left out.'}
        </p>
      </div>
      {!active ? (
        <p className={styles.muted}>No opens or clicks yet. They appear here as SES reports them.</p>
      ) : (
        <figure className={styles.figure}>
          <Suspense fallback={<LoadingLines lines={5} label="Loading the chart" />}>
            <TimelineChart points={timeline.points} granularity={timeline.granularity} />
          </Suspense>
          <figcaption className={styles.muted}>
            {timelineSummary(timeline.points, timeline.granularity)}
          </figcaption>
          <details className={styles.details}>
            <summary>Opens and clicks as a table</summary>
            <ScrollRegion className={styles.tableWrap} label="Opens and clicks table">
              <table className={styles.table}>
                <caption className="visually-hidden">
                  Opens and clicks per {unit.toLowerCase()}; quiet periods in a row are grouped
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{unit}</th>
                    <th scope="col" className={styles.number}>
                      Opens
                    </th>
                    <th scope="col" className={styles.number}>
                      Clicks
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {timelineRows(timeline.points).map((row) => (
                    <tr key={row.from}>
                      <th scope="row">{rowPeriodText(row, timeline.granularity)}</th>
                      {row.quiet && row.from !== row.to ? (
                        <td colSpan={2} className={styles.muted}>
                          No opens or clicks
                        </td>
                      ) : (
                        <>
                          <td className={styles.number}>{countText(row.opens)}</td>
                          <td className={styles.number}>{countText(row.clicks)}</td>
                        </>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </details>
        </figure>
      )}
    </section>
  )
}
