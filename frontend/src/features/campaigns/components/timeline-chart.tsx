import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { TimelineGranularity, TimelinePoint } from '../report-display'
import styles from './report.module.css'

const HEIGHT = 240
const HOUR_TICKS = [1, 2, 3, 6, 12, 24].map((hours) => hours * 3600)
const DAY_TICKS = [1, 2, 7, 14, 28].map((days) => days * 86_400)
/** Whole numbers of opens and clicks on the count axis. */
const COUNT_TICKS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000]

function cssColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback
}

/**
 * Opens and clicks over time drawn by uPlot (lazy: only the report loads it). Purely visual: the report's
 * figure carries the same numbers as text for screen readers, so the canvas is hidden from them.
 */
export default function TimelineChart({
  points,
  granularity,
}: {
  points: readonly TimelinePoint[]
  granularity: TimelineGranularity
}) {
  const host = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const element = host.current
    if (!element) return
    const opens = cssColor('--color-primary', '#4f46e5')
    const clicks = cssColor('--color-success', '#13795b')
    const muted = cssColor('--color-text-muted', '#5b6178')
    const grid = cssColor('--color-border', '#e2e5ef')
    const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } }
    const data: uPlot.AlignedData = [
      points.map((point) => Date.parse(point.at) / 1000),
      points.map((point) => point.opens),
      points.map((point) => point.clicks),
    ]
    const step = granularity === 'hour' ? 3600 : 86_400
    const first = data[0][0] ?? 0
    const last = data[0].at(-1) ?? first
    const bars = (align: -1 | 1) => uPlot.paths.bars?.({ size: [0.4, 24, 2], align, gap: 1 })
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 240),
        height: HEIGHT,
        cursor: { drag: { x: false, y: false } },
        scales: {
          // Half a period either side, so a single period (the first hour of a send) is drawn in the middle.
          x: { time: true, range: () => [first - step / 2, last + step / 2] },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
        },
        axes: [
          // Ticks on whole periods only: no 2:35 PM on an hourly chart, no noon on a daily one.
          granularity === 'day'
            ? { ...axis, values: '{MMM} {D}', incrs: DAY_TICKS }
            : { ...axis, incrs: HOUR_TICKS },
          { ...axis, size: 48, incrs: COUNT_TICKS },
        ],
        series: [
          { value: granularity === 'day' ? '{MMM} {D}' : '{MMM} {D} {h}{aa}' },
          // Side by side: opens left of the period's mark, clicks right of it; clicks hatched by a darker edge.
          { label: 'Opens', stroke: opens, fill: opens, width: 1, paths: bars(-1), points: { show: false } },
          {
            label: 'Clicks',
            stroke: clicks,
            fill: `${clicks}66`,
            width: 2,
            paths: bars(1),
            points: { show: false },
          },
        ],
      },
      data,
      element,
    )
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }),
    )
    resize.observe(element)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [points, granularity])

  return <div ref={host} aria-hidden="true" className={styles.chart} />
}
