import { inject } from 'vitest'
import type { LocalStackConfig } from '../config'
import './provided-context'

/** The stack the integration (or e2e) global setup started for this test run. */
export function injectLocalStack(): LocalStackConfig {
  return inject('localStack')
}
