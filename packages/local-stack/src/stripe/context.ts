import type { Emit } from './events'
import type { Store } from './store'

/** What the API routes, the billing operations and the hosted pages share. */
export interface StandInContext {
  store: Store
  emit: Emit
  /** Origin of the hosted pages as a browser reaches them (`http://localhost:<port>`). */
  publicUrl: string
}
