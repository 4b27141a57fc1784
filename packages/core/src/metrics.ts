import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics'

/** The CloudWatch namespace of every metric the product writes. */
export const METRICS_NAMESPACE = 'SesStudio'

export interface MetricValue {
  value: number
  unit: (typeof MetricUnit)[keyof typeof MetricUnit]
}

export const count = (value = 1): MetricValue => ({ value, unit: MetricUnit.Count })
export const milliseconds = (value: number): MetricValue => ({
  value: Math.round(value),
  unit: MetricUnit.Milliseconds,
})

export interface MetricsWriter {
  /**
   * Writes one EMF line (CloudWatch turns it into metrics; no API call, no permission): these values, under the
   * service and these dimensions. Dimensions are low-cardinality words (an outcome, a job kind), never ids.
   */
  publish(dimensions: Record<string, string>, values: Record<string, MetricValue>): void
}

/**
 * Metrics in CloudWatch's embedded metric format, through Powertools Metrics, e.g. a worker's
 * `metrics.publish({ outcome }, { JobSlices: count(), JobSliceTime: milliseconds(elapsed) })`.
 * `POWERTOOLS_METRICS_DISABLED=true` turns them off.
 */
export function createMetrics(service: string): MetricsWriter {
  const emf = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: service })
  return {
    publish(dimensions, values) {
      emf.addDimensions(dimensions)
      for (const [name, { value, unit }] of Object.entries(values)) emf.addMetric(name, unit, value)
      emf.publishStoredMetrics()
    },
  }
}
