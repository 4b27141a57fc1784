/** A value axis for counts: whole-number steps of 1, 2 or 5 × 10ⁿ, about four of them, from 0 to at least max. */
export function countAxis(max: number, targetSteps = 4): { top: number; ticks: number[] } {
  if (!(max > 0)) return { top: targetSteps, ticks: Array.from({ length: targetSteps + 1 }, (_, i) => i) }
  const rough = max / targetSteps
  const magnitude = 10 ** Math.floor(Math.log10(rough))
  const step = Math.max(1, ([1, 2, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude)
  const top = Math.ceil(max / step) * step
  return { top, ticks: Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step) }
}

/** Horizontal position of point `index` of `count`, in percent of the plot (a single point sits in the middle). */
export function xPercent(index: number, count: number): number {
  return count <= 1 ? 50 : (index / (count - 1)) * 100
}

/** Vertical position of a value, in percent from the top of the plot. */
export function yPercent(value: number, top: number): number {
  return top > 0 ? 100 - (Math.min(value, top) / top) * 100 : 100
}

/** An SVG polyline's points in a 0..100 × 0..100 view box. */
export function linePoints(values: readonly number[], top: number): string {
  return values
    .map((value, index) => `${round(xPercent(index, values.length))},${round(yPercent(value, top))}`)
    .join(' ')
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}

/** The point nearest to a horizontal position (0..1 across the plot). */
export function indexAt(ratio: number, count: number): number {
  if (count <= 1) return 0
  return Math.min(count - 1, Math.max(0, Math.round(ratio * (count - 1))))
}

/**
 * Which points get an axis label: evenly spaced, at most `max`, counting back from the newest so the latest
 * hour or day is always labelled. Every other one is `minor` (narrow screens hide those).
 */
export function axisLabelIndexes(count: number, max = 8): { index: number; minor: boolean }[] {
  if (count <= 0) return []
  const step = Math.max(1, Math.ceil(count / max))
  const indexes: number[] = []
  for (let index = count - 1; index >= 0; index -= step) indexes.unshift(index)
  return indexes.map((index, position) => ({ index, minor: (indexes.length - 1 - position) % 2 === 1 }))
}
