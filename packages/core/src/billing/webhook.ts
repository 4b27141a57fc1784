import { WEBHOOK_TOLERANCE_SECONDS } from '@app/contracts'
import { AppError } from '../errors'
import type { Logger } from '../log'
import * as Repo from './billing.repo'
import { type Stripe, verifyWebhook } from './stripe-client'
import { syncCustomer } from './subscriptions'

/** Events whose object leads to a customer whose subscriptions may have changed. */
const SYNCED_PREFIXES = ['customer.subscription.', 'checkout.session.', 'invoice.']

function customerOf(event: Stripe.Event): string | null {
  if (!SYNCED_PREFIXES.some((prefix) => event.type.startsWith(prefix))) return null
  const customer = (event.data.object as { customer?: string | { id: string } | null }).customer
  if (!customer) return null
  return typeof customer === 'string' ? customer : customer.id
}

/**
 * A Stripe webhook delivery. The signature is checked over the exact raw body (tolerance 300 s); each event id
 * is processed once (a claim in the table); a subscription-related event re-reads the customer's
 * subscriptions from Stripe instead of trusting the payload, so duplicates and any order converge.
 */
export async function receiveStripeEvent(
  rawBody: string,
  signature: string | undefined,
  log: Logger,
): Promise<'processed' | 'duplicate' | 'ignored'> {
  if (!signature) throw new AppError('webhook.invalid_signature', 'Missing Stripe-Signature header.')
  let event: Stripe.Event
  try {
    event = await verifyWebhook(rawBody, signature, WEBHOOK_TOLERANCE_SECONDS)
  } catch (error) {
    if ((error as { type?: string }).type === 'StripeSignatureVerificationError') {
      log.warn('webhook.rejected', { reason: (error as Error).message })
      throw new AppError('webhook.invalid_signature', 'The Stripe signature does not match this payload.')
    }
    throw error
  }
  const customerId = customerOf(event)
  if (!customerId) return 'ignored'
  if (!(await Repo.claimStripeEvent(event.id, event.type))) {
    log.info('webhook.duplicate', { eventId: event.id, type: event.type })
    return 'duplicate'
  }
  try {
    await syncCustomer(customerId, log)
  } catch (error) {
    await Repo.releaseStripeEvent(event.id)
    throw error
  }
  await Repo.markStripeEventProcessed(event.id)
  log.info('webhook.processed', { eventId: event.id, type: event.type })
  return 'processed'
}
