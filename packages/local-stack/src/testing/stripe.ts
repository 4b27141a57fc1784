import Stripe from 'stripe'
import type { LocalStackConfig } from '../config'
import type { DeliveryStatus } from '../stripe/deliveries'
import { DECLINED_MESSAGE, TEST_CARDS } from '../stripe/pages/checkout-page'
import type { PortalAction } from '../stripe/pages/portal-page'

export type { DeliveryStatus } from '../stripe/deliveries'
export type { PortalAction } from '../stripe/pages/portal-page'
export type { DeliveryRecord } from '../stripe/store'

/** The part of the stack's config these helpers need (a standalone stand-in in a test can pass its own). */
export type StripeStandInConfig = Pick<LocalStackConfig, 'stripe'>

export type TestCard = keyof typeof TEST_CARDS

export type CheckoutResult =
  /** The stand-in redirected (303) to the session's success_url with {CHECKOUT_SESSION_ID} filled in. */
  | { paid: true; redirectUrl: string }
  /** The page answered with an alert, e.g. 'Your card was declined.'; nothing was created. */
  | { paid: false; message: string }

const clients = new Map<string, Stripe>()

/** The official Stripe SDK pointed at the stand-in (`new Stripe(key, { host, port, protocol: 'http' })`). */
export function stripeClient(config: StripeStandInConfig): Stripe {
  const key = `${config.stripe.apiUrl} ${config.stripe.secretKey}`
  let client = clients.get(key)
  if (!client) {
    const url = new URL(config.stripe.apiUrl)
    client = new Stripe(config.stripe.secretKey, {
      host: url.hostname,
      port: Number(url.port),
      protocol: url.protocol === 'https:' ? 'https' : 'http',
    })
    clients.set(key, client)
  }
  return client
}

/** What the hosted checkout form does when submitted with a test card: returns where it leads, or why not. */
export async function payCheckout(
  checkoutUrl: string,
  { card = 'success', name = 'Test Payer' }: { card?: TestCard; name?: string } = {},
): Promise<CheckoutResult> {
  const response = await fetch(checkoutUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: TEST_CARDS[card], expiry: '12 / 34', cvc: '123', name }),
  })
  const location = response.headers.get('location')
  if (response.status === 303 && location)
    return { paid: true, redirectUrl: new URL(location, checkoutUrl).href }
  const message = alertText(await response.text())
  if (response.status === 402 && message) return { paid: false, message }
  throw new Error(`Checkout at ${checkoutUrl} answered ${response.status}${message ? `: ${message}` : ''}`)
}

export { DECLINED_MESSAGE }

/**
 * Presses a billing-portal button as the browser would: 'switch' (needs `price`), 'cancel', 'renew' (undo the
 * cancellation), and the local test controls 'renew-now', 'renew-now-declined', 'end-now'. The subscription is
 * the one the portal shows unless given.
 */
export async function portalAction(
  portalUrl: string,
  action: PortalAction,
  options: { price?: string; subscription?: string } = {},
): Promise<void> {
  const subscription = options.subscription ?? (await shownSubscription(portalUrl))
  const form = new URLSearchParams({ subscription })
  if (action === 'switch') {
    if (!options.price) throw new Error("portalAction('switch') needs the new price's id")
    form.set('price', options.price)
  }
  const url = new URL(portalUrl)
  url.pathname = `${url.pathname}/${action}`
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  })
  if (response.status !== 303)
    throw new Error(`Portal ${action} answered ${response.status}: ${alertText(await response.text()) ?? ''}`)
}

/** The stand-in's webhook queue: how many events are pending and the latest deliveries. */
export async function stripeDeliveries(config: StripeStandInConfig): Promise<DeliveryStatus> {
  const response = await fetch(new URL('/_stand-in/deliveries', config.stripe.apiUrl))
  return (await response.json()) as DeliveryStatus
}

/** Polls until every recorded event has been delivered (or given up on). */
export async function waitForStripeDeliveries(
  config: StripeStandInConfig,
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): Promise<DeliveryStatus> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const status = await stripeDeliveries(config)
    if (status.pending === 0) return status
    if (Date.now() > deadline)
      throw new Error(
        `${status.pending} Stripe event(s) still pending for ${status.webhookUrl} after ${timeoutMs} ms`,
      )
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Sends a recorded event to the webhook again (a duplicate delivery, as Stripe sometimes makes). */
export async function replayStripeEvent(config: StripeStandInConfig, eventId: string): Promise<void> {
  const response = await fetch(new URL('/_stand-in/deliveries/replay', config.stripe.apiUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ eventId }),
  })
  if (response.status !== 202)
    throw new Error(`Replay of ${eventId} answered ${response.status}: ${await response.text()}`)
}

async function shownSubscription(portalUrl: string): Promise<string> {
  const page = await (await fetch(portalUrl)).text()
  const id = page.match(/name="subscription" value="(sub_[A-Za-z0-9]+)"/)?.[1]
  if (!id) throw new Error(`The portal at ${portalUrl} shows no subscription that can be changed`)
  return id
}

function alertText(page: string): string | null {
  const inner = page.match(/role="alert">([\s\S]*?)<\/div>/)?.[1]
  if (inner === undefined) return null
  const text = inner
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
}
