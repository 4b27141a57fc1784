import type { StatusCounts, TimeSeries } from '@app/contracts'
import { type KeyboardEvent, type PointerEvent, useId, useState } from 'react'
import { formatCount } from '../../aws-accounts/ses-status-display'
import { axisLabelIndexes, countAxis, indexAt, linePoints, xPercent, yPercent } from '../chart-scale'
import { CHART_SERIES, type ChartSeries } from '../monitoring-display'
import { bucketLabel, bucketLongLabel } from '../report-range'
import shared from './monitoring.module.css'
import styles from './status-chart.module.css'

const INITIALLY_SHOWN = CHART_SERIES.filter((series) => series.shown).map((series) => series.key)

/** A line sample for the legend: the series' colour and dash pattern. */
function Swatch({ series }: { series: ChartSeries }) {
  return (
    <svg
      className={styles.swatch}
      width="22"
      height="8"
      viewBox="0 0 22 8"
      aria-hidden="true"
      focusable="false"
    >
      <line
        x1="1"
        x2="21"
        y1="4"
        y2="4"
        stroke={series.color}
        strokeWidth="2.5"
        strokeDasharray={series.dash}
      />
    </svg>
  )
}

/**
 * Messages per hour or day, one line per status (a message counts in each status it reached, so lines are not
 * stacked). The plot is a slider over the hours or days: pointer or arrow keys pick one, and its numbers show
 * above the plot and in the slider's value for screen readers. The same numbers are in a table below.
 */
export function StatusChart({ series }: { series: TimeSeries }) {
  const captionId = useId()
  const [shown, setShown] = useState<readonly (keyof StatusCounts)[]>(INITIALLY_SHOWN)
  const [picked, setPicked] = useState<number>()
  const { buckets, granularity, timeZone } = series
  const count = buckets.length
  const active = Math.min(picked ?? count - 1, count - 1)
  const lines = CHART_SERIES.filter((line) => shown.includes(line.key))
  const max = Math.max(0, ...buckets.flatMap((bucket) => lines.map((line) => bucket.counts[line.key])))
  const axis = countAxis(max)
  const nothing = buckets.every((bucket) => Object.values(bucket.counts).every((value) => value === 0))
  const unit = granularity === 'hour' ? 'hour' : 'day'
  const activeBucket = buckets[active]
  const activeLabel = activeBucket ? bucketLongLabel(activeBucket.start, granularity, timeZone) : ''
  const readout = activeBucket
    ? lines.map((line) => `${line.label} ${formatCount(activeBucket.counts[line.key])}`).join(', ')
    : ''

  function move(event: KeyboardEvent) {
    const page = granularity === 'hour' ? 6 : 7
    const next = {
      ArrowLeft: active - 1,
      ArrowDown: active - 1,
      ArrowRight: active + 1,
      ArrowUp: active + 1,
      PageDown: active - page,
      PageUp: active + page,
      Home: 0,
      End: count - 1,
    }[event.key]
    if (next === undefined) return
    event.preventDefault()
    setPicked(Math.min(count - 1, Math.max(0, next)))
  }

  function point(event: PointerEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect()
    if (box.width > 0) setPicked(indexAt((event.clientX - box.left) / box.width, count))
  }

  if (count === 0) return null

  return (
    <figure className={styles.chart} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.chartCaption}>
        Messages per {unit} <span className={shared.muted}>({timeZone})</span>
      </figcaption>

      <fieldset className={styles.legend}>
        <legend className="visually-hidden">Lines shown</legend>
        {CHART_SERIES.map((line) => (
          <label key={line.key} className={styles.legendItem}>
            <input
              type="checkbox"
              checked={shown.includes(line.key)}
              onChange={(event) =>
                setShown(
                  event.target.checked ? [...shown, line.key] : shown.filter((key) => key !== line.key),
                )
              }
            />
            <Swatch series={line} />
            {line.label}
          </label>
        ))}
      </fieldset>

      <p className={styles.readout} aria-hidden="true">
        <strong>{activeLabel}</strong>
        {activeBucket &&
          lines.map((line) => (
            <span key={line.key} className={styles.readoutItem}>
              <Swatch series={line} />
              {line.label} <b>{formatCount(activeBucket.counts[line.key])}</b>
            </span>
          ))}
      </p>

      <div className={styles.plot}>
        <div className={styles.yAxis} aria-hidden="true">
          {axis.ticks.map((tick) => (
            <span key={tick} style={{ top: `${yPercent(tick, axis.top)}%` }}>
              {formatCount(tick)}
            </span>
          ))}
        </div>
        <div
          className={styles.plotArea}
          role="slider"
          tabIndex={0}
          aria-label={`Messages per ${unit}: choose the ${unit}`}
          aria-valuemin={0}
          aria-valuemax={count - 1}
          aria-valuenow={active}
          aria-valuetext={`${activeLabel}: ${readout || 'no lines shown'}`}
          onKeyDown={move}
          onPointerMove={point}
          onPointerDown={point}
        >
          <svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            {axis.ticks.map((tick) => (
              <line
                key={tick}
                className={styles.gridLine}
                x1="0"
                x2="100"
                y1={yPercent(tick, axis.top)}
                y2={yPercent(tick, axis.top)}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            <line
              className={styles.cursorLine}
              x1={xPercent(active, count)}
              x2={xPercent(active, count)}
              y1="0"
              y2="100"
              vectorEffect="non-scaling-stroke"
            />
            {lines.map((line) => (
              <polyline
                key={line.key}
                points={linePoints(
                  buckets.map((bucket) => bucket.counts[line.key]),
                  axis.top,
                )}
                fill="none"
                stroke={line.color}
                strokeWidth="2"
                strokeDasharray={line.dash}
                strokeLinejoin="round"
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
          {activeBucket &&
            lines.map((line) => (
              <span
                key={line.key}
                className={styles.dot}
                style={{
                  left: `${xPercent(active, count)}%`,
                  top: `${yPercent(activeBucket.counts[line.key], axis.top)}%`,
                  background: line.color,
                }}
              />
            ))}
          {nothing && <p className={styles.chartEmpty}>No messages in this range</p>}
        </div>
        <div className={styles.xAxis} aria-hidden="true">
          {axisLabelIndexes(count).map(({ index, minor }) => {
            const bucket = buckets[index]
            return bucket ? (
              <span
                key={bucket.start}
                className={minor ? styles.minorLabel : undefined}
                style={{ left: `${xPercent(index, count)}%` }}
              >
                {bucketLabel(bucket.start, granularity, timeZone)}
              </span>
            ) : null
          })}
        </div>
      </div>

      <details className={styles.chartTable}>
        <summary>Show the numbers as a table</summary>
        {/* A region that scrolls sideways on phones must be reachable by keyboard (WCAG 2.1.1). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: see above */}
        <section className={styles.tableScroll} aria-label={`Messages per ${unit}, as a table`} tabIndex={0}>
          <table className={styles.numbers}>
            <caption className="visually-hidden">Messages per {unit}</caption>
            <thead>
              <tr>
                <th scope="col">{granularity === 'hour' ? 'Hour' : 'Day'}</th>
                {CHART_SERIES.map((line) => (
                  <th key={line.key} scope="col">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {buckets.map((bucket) => (
                <tr key={bucket.start}>
                  <th scope="row">{bucketLongLabel(bucket.start, granularity, timeZone)}</th>
                  {CHART_SERIES.map((line) => (
                    <td key={line.key}>{formatCount(bucket.counts[line.key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  )
}
