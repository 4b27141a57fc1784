import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type Stripe from 'stripe'
import { resourceMissing } from './api/errors'

/** A POST answered once, replayed for the same `Idempotency-Key`. */
export interface IdempotentResponse {
  /** Method, path and body of the first request: a reuse with other parameters is refused. */
  fingerprint: string
  status: number
  body: string
  createdAt: number
}

export interface DeliveryRecord {
  eventId: string
  type: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  /** HTTP status of the last attempt; null when it never got an answer. */
  lastStatus: number | null
  lastError: string | null
  at: number
}

/** What a checkout session sells and how it sets up the subscription (Stripe keeps these off the session). */
export interface CheckoutOrder {
  /** Id of the session's one line item (`li_…`). */
  lineItem: string
  price: string
  quantity: number
  subscriptionMetadata: Record<string, string>
}

export interface StripeState {
  version: 1
  customers: Record<string, Stripe.Customer>
  taxIds: Record<string, Stripe.TaxId>
  products: Record<string, Stripe.Product>
  prices: Record<string, Stripe.Price>
  checkoutSessions: Record<string, Stripe.Checkout.Session>
  checkoutOrders: Record<string, CheckoutOrder>
  portalSessions: Record<string, Stripe.BillingPortal.Session>
  subscriptions: Record<string, Stripe.Subscription>
  invoices: Record<string, Stripe.Invoice>
  events: Record<string, Stripe.Event>
  idempotency: Record<string, IdempotentResponse>
  deliveries: { pending: string[]; recent: DeliveryRecord[] }
}

type Collection = Exclude<keyof StripeState, 'version' | 'deliveries'>
type Item<C extends Collection> = StripeState[C][string]

const emptyState = (): StripeState => ({
  version: 1,
  customers: {},
  taxIds: {},
  products: {},
  prices: {},
  checkoutSessions: {},
  checkoutOrders: {},
  portalSessions: {},
  subscriptions: {},
  invoices: {},
  events: {},
  idempotency: {},
  deliveries: { pending: [], recent: [] },
})

/**
 * Every object the stand-in knows, in insertion order (so newest-first lists are the reverse), saved to one JSON
 * file shortly after each change, so a restart loses nothing.
 */
export class Store {
  readonly state: StripeState
  private saveScheduled = false

  private constructor(
    private readonly file: string | undefined,
    state: StripeState,
  ) {
    this.state = state
  }

  static open(file?: string): Store {
    if (!file || !existsSync(file)) return new Store(file, emptyState())
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<StripeState>
    return new Store(file, { ...emptyState(), ...saved })
  }

  get isEmpty(): boolean {
    return Object.keys(this.state.prices).length === 0 && Object.keys(this.state.customers).length === 0
  }

  find<C extends Collection>(collection: C, id: string): Item<C> | undefined {
    return Object.hasOwn(this.state[collection], id) ? (this.state[collection][id] as Item<C>) : undefined
  }

  /** The object, or Stripe's "No such <kind>" (404 for a path id, 400 for a parameter). */
  get<C extends Collection>(collection: C, id: string, kind: string, param = 'id'): Item<C> {
    const item = this.find(collection, id)
    if (!item) throw resourceMissing(kind, id, param)
    return item
  }

  put<C extends Collection>(collection: C, id: string, item: Item<C>): Item<C> {
    ;(this.state[collection] as Record<string, Item<C>>)[id] = item
    this.save()
    return item
  }

  /** Newest first. */
  list<C extends Collection>(collection: C): Item<C>[] {
    return (Object.values(this.state[collection]) as Item<C>[]).reverse()
  }

  save(): void {
    if (!this.file || this.saveScheduled) return
    this.saveScheduled = true
    setImmediate(() => this.flush())
  }

  /** Writes now (atomically: a crash mid-write keeps the previous file). */
  flush(): void {
    this.saveScheduled = false
    if (!this.file) return
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 })
    const temporary = `${this.file}.tmp`
    writeFileSync(temporary, JSON.stringify(this.state), { mode: 0o600 })
    renameSync(temporary, this.file)
  }
}
