import type { IncomingMessage, ServerResponse } from 'node:http'
import type Stripe from 'stripe'
import { completeCheckout, expireIfDue } from '../checkout'
import type { StandInContext } from '../context'
import { formatMoney, priceLabel } from '../format'
import { SELLER_NAME } from '../objects/invoices'
import { readForm } from './form'
import { html, page, redirect, type SafeHtml, sendHtml } from './html'

/** Stripe's test cards: the first pays, the second is declined. */
export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const
export const DECLINED_MESSAGE = 'Your card was declined.'

interface CardForm {
  number: string
  expiry: string
  cvc: string
  name: string
}

const DEFAULT_FORM: CardForm = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: '' }

function backLink(session: Stripe.Checkout.Session): SafeHtml | null {
  return session.cancel_url ? html`<a class="back" href="${session.cancel_url}">← Back</a>` : null
}

function summary(context: StandInContext, session: Stripe.Checkout.Session): SafeHtml {
  const order = context.store.get('checkoutOrders', session.id, 'checkout.session')
  const price = context.store.get('prices', order.price, 'price')
  const label = priceLabel(context.store, price)
  const total = formatMoney(session.amount_total ?? 0, session.currency ?? price.currency)
  const interval = label.interval === 'year' ? 'yearly' : 'monthly'
  return html`<section aria-labelledby="summary-title">
    ${backLink(session)}
    <p class="seller">${SELLER_NAME} <span class="badge">Test mode</span></p>
    <p class="muted">Subscribe to</p>
    <h1 id="summary-title">${label.productName}</h1>
    <p class="price">${label.amount} <small>per ${label.interval}</small></p>
    <p class="muted">Billed ${interval}. Renews automatically until you cancel.</p>
    <div class="summary-row"><span>${label.name}${order.quantity > 1 ? ` × ${order.quantity}` : ''}</span><span>${total}</span></div>
    <div class="summary-row total"><span>Total due today</span><span>${total}</span></div>
  </section>`
}

function cardForm(
  session: Stripe.Checkout.Session,
  email: string | null,
  form: CardForm,
  error?: string,
): SafeHtml {
  return html`<section class="card" aria-labelledby="pay-title">
    <h2 id="pay-title">Pay with card</h2>
    ${error ? html`<div class="alert error" role="alert">${error}</div>` : null}
    <form method="post" action="/checkout/${session.id}" novalidate>
      <label for="email">Email</label>
      <input id="email" type="email" value="${email ?? ''}" readonly aria-readonly="true">
      <label for="card-number">Card number</label>
      <input id="card-number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number" value="${form.number}" required>
      <div class="row">
        <div><label for="card-expiry">Expiry (MM / YY)</label>
          <input id="card-expiry" name="expiry" type="text" inputmode="numeric" autocomplete="cc-exp" value="${form.expiry}" required></div>
        <div><label for="card-cvc">CVC</label>
          <input id="card-cvc" name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc" value="${form.cvc}" required></div>
      </div>
      <label for="card-name">Cardholder name</label>
      <input id="card-name" name="name" type="text" autocomplete="cc-name" value="${form.name}" required>
      <button class="primary" type="submit">Subscribe</button>
    </form>
    <p class="hint">Test cards: <code>4242 4242 4242 4242</code> pays; <code>4000 0000 0000 0002</code> is declined.
      Any future expiry and any CVC.</p>
  </section>`
}

function closed(session: Stripe.Checkout.Session): SafeHtml {
  const complete = session.status === 'complete'
  return html`<section class="card" aria-labelledby="closed-title">
    ${backLink(session)}
    <h1 id="closed-title">${complete ? 'This checkout is complete' : 'This checkout session has expired'}</h1>
    <p class="muted">${
      complete
        ? 'The payment went through and the subscription is active. Nothing more to do here.'
        : 'Checkout sessions are valid for 24 hours. Start again from the app to get a new one.'
    }</p>
    ${complete && session.success_url ? html`<p><a href="${successUrl(session)}">Continue</a></p>` : null}
  </section>`
}

function render(
  context: StandInContext,
  session: Stripe.Checkout.Session,
  form = DEFAULT_FORM,
  error?: string,
): string {
  if (session.status !== 'open') return page({ title: 'Checkout', body: closed(session), narrow: true })
  const customer =
    typeof session.customer === 'string' ? context.store.find('customers', session.customer) : undefined
  const email = customer?.email ?? session.customer_email
  const name = form.name || customer?.name || ''
  return page({
    title: 'Checkout',
    body: html`<div class="checkout">${summary(context, session)}${cardForm(session, email, { ...form, name }, error)}</div>`,
  })
}

const successUrl = (session: Stripe.Checkout.Session) =>
  (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id)

/** A problem with what was typed, in Stripe Checkout's words; null when the card can be charged. */
function cardProblem(form: CardForm): string | null {
  const digits = form.number.replace(/[\s-]/g, '')
  if (digits !== TEST_CARDS.success && digits !== TEST_CARDS.declined)
    return 'Your card number is incorrect. Use a test card: 4242 4242 4242 4242 or 4000 0000 0000 0002.'
  const expiry = form.expiry.match(/^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/)
  const month = Number(expiry?.[1])
  const year = 2000 + Number(expiry?.[2])
  const now = new Date()
  if (!expiry || month < 1 || month > 12) return "Your card's expiration date is incomplete."
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
    return "Your card's expiration year is in the past."
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return "Your card's security code is incomplete."
  if (!form.name.trim()) return 'Enter the name on the card.'
  return null
}

export function showCheckout(
  response: ServerResponse,
  context: StandInContext,
  session: Stripe.Checkout.Session,
) {
  sendHtml(response, 200, render(context, expireIfDue(context, session)))
}

/** What the browser form does: pay (303 to success_url), or show why not (decline: nothing is created). */
export async function submitCheckout(
  request: IncomingMessage,
  response: ServerResponse,
  context: StandInContext,
  session: Stripe.Checkout.Session,
): Promise<void> {
  const fields = await readForm(request)
  const form: CardForm = {
    number: fields.get('card_number') ?? '',
    expiry: fields.get('expiry') ?? '',
    cvc: fields.get('cvc') ?? '',
    name: fields.get('name') ?? '',
  }
  if (expireIfDue(context, session).status !== 'open')
    return sendHtml(response, 409, render(context, session))
  const problem = cardProblem(form)
  if (problem) return sendHtml(response, 400, render(context, session, form, problem))
  if (form.number.replace(/[\s-]/g, '') === TEST_CARDS.declined)
    return sendHtml(response, 402, render(context, session, form, DECLINED_MESSAGE))
  completeCheckout(context, session, form.name.trim())
  redirect(response, successUrl(session))
}
