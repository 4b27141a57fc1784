import { setTimeout as sleep } from 'node:timers/promises'
import Stripe from 'stripe'
import type { DeliveryRecord, Store } from './store'

const RECENT_LIMIT = 100
const ATTEMPT_TIMEOUT_MS = 10_000

export interface WebhookDeliveriesOptions {
  store: Store
  url: string
  secret: string
  log: (line: string) => void
  /** Tries per event before giving up (default 6). */
  attempts?: number
  /** Wait before the first retry; doubles each time (default 250 ms). */
  firstRetryMs?: number
}

export interface DeliveryStatus {
  webhookUrl: string
  /** Events not delivered yet (queued or being retried). */
  pending: number
  /** The latest deliveries, newest first. */
  deliveries: DeliveryRecord[]
}

/**
 * Posts every event to the webhook URL, one at a time and in order, signed like Stripe (`Stripe-Signature` with the
 * webhook secret), retrying failures and non-2xx answers with backoff. The queue is part of the saved state, so a
 * restart resumes it.
 */
export class WebhookDeliveries {
  private readonly stopping = new AbortController()
  private draining: Promise<void> | null = null

  constructor(private readonly options: WebhookDeliveriesOptions) {}

  get state() {
    return this.options.store.state.deliveries
  }

  enqueue(event: Stripe.Event): void {
    this.state.pending.push(event.id)
    this.record({ eventId: event.id, type: event.type, status: 'pending', attempts: 0 })
    this.options.store.save()
    this.drain()
  }

  /** Sends a recorded event again (a duplicate delivery, as Stripe sometimes makes). */
  replay(eventId: string): boolean {
    const event = this.options.store.find('events', eventId)
    if (!event) return false
    this.enqueue(event)
    return true
  }

  status(): DeliveryStatus {
    return {
      webhookUrl: this.options.url,
      pending: this.state.pending.length,
      deliveries: [...this.state.recent],
    }
  }

  /** Picks up deliveries left pending by the previous run. */
  resume(): void {
    for (const eventId of this.state.pending) {
      if (!this.state.recent.some((record) => record.eventId === eventId && record.status === 'pending')) {
        const type = this.options.store.find('events', eventId)?.type ?? 'unknown'
        this.record({ eventId, type, status: 'pending', attempts: 0 })
      }
    }
    this.drain()
  }

  async stop(): Promise<void> {
    this.stopping.abort()
    await this.draining
  }

  private record(fields: Pick<DeliveryRecord, 'eventId' | 'type' | 'status' | 'attempts'>): void {
    this.state.recent.unshift({ ...fields, lastStatus: null, lastError: null, at: Date.now() })
    this.state.recent.length = Math.min(this.state.recent.length, RECENT_LIMIT)
  }

  private drain(): void {
    if (this.draining || this.stopping.signal.aborted) return
    this.draining = (async () => {
      while (this.state.pending.length > 0 && !this.stopping.signal.aborted) {
        const eventId = this.state.pending[0] as string
        await this.deliver(eventId)
        if (this.stopping.signal.aborted) break
        this.state.pending.shift()
        this.options.store.save()
      }
    })().finally(() => {
      this.draining = null
    })
  }

  private async deliver(eventId: string): Promise<void> {
    const { store, url, log } = this.options
    const attempts = this.options.attempts ?? 6
    const event = store.find('events', eventId)
    if (!event) return
    // recent is newest first: the oldest pending record of this event is this delivery's (replays add more)
    let record = this.state.recent.findLast((item) => item.eventId === eventId && item.status === 'pending')
    if (!record) {
      this.record({ eventId, type: event.type, status: 'pending', attempts: 0 })
      record = this.state.recent[0] as DeliveryRecord
    }
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) {
        const wait = (this.options.firstRetryMs ?? 250) * 2 ** (attempt - 2)
        try {
          await sleep(wait, undefined, { signal: this.stopping.signal })
        } catch {
          return // stopping: the event stays queued for the next run
        }
      }
      record.attempts = attempt
      record.at = Date.now()
      const outcome = await this.post(event)
      record.lastStatus = outcome.status
      record.lastError = outcome.error
      if (this.stopping.signal.aborted && outcome.status === null) return
      if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
        record.status = 'delivered'
        event.pending_webhooks = Math.max(0, event.pending_webhooks - 1)
        store.save()
        return
      }
    }
    record.status = 'failed'
    store.save()
    log(
      `⚠ Stripe stand-in: gave up delivering ${event.id} (${event.type}) to ${url} after ${attempts} attempts ` +
        `(${record.lastStatus ?? record.lastError}). Replay it: POST /_stand-in/deliveries/replay {"eventId":"${event.id}"}`,
    )
  }

  private async post(event: Stripe.Event): Promise<{ status: number | null; error: string | null }> {
    const payload = JSON.stringify(event, null, 2)
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.options.secret })
    try {
      const response = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) local-stand-in',
        },
        body: payload,
        signal: AbortSignal.any([AbortSignal.timeout(ATTEMPT_TIMEOUT_MS), this.stopping.signal]),
      })
      await response.arrayBuffer()
      return { status: response.status, error: response.ok ? null : `HTTP ${response.status}` }
    } catch (error) {
      return { status: null, error: error instanceof Error ? error.message : String(error) }
    }
  }
}
