import type { LocalStackConfig } from '../config'

/** What the global setups hand to tests: `inject('localStack')`. */
declare module 'vitest' {
  export interface ProvidedContext {
    localStack: LocalStackConfig
    /** e2e only: the built web app the stack serves (with `.vite/manifest.json`). */
    webDist: string
  }
}
