import type { LocalStackConfig } from '../config'

/** What the global setups hand to tests: `inject('localStack')`. */
declare module 'vitest' {
  export interface ProvidedContext {
    localStack: LocalStackConfig
  }
}
