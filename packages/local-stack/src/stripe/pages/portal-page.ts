import type { IncomingMessage, ServerResponse } from 'node:http'
import type Stripe from 'stripe'
import { endNow, isLive, renewNow, setCancelAtPeriodEnd, switchPrice } from '../billing'
import type { StandInContext } from '../context'
import { formatDate, formatMoney, priceLabel } from '../format'
import { firstItem } from '../objects/subscriptions'
import { readForm } from './form'
import { html, page, redirect, type SafeHtml, sendHtml } from './html'

/** The portal's buttons, as `POST /portal/<session>/<action>`. */
export const PORTAL_ACTIONS = [
  'switch',
  'cancel',
  'renew',
  'renew-now',
  'renew-now-declined',
  'end-now',
] as const
export type PortalAction = (typeof PORTAL_ACTIONS)[number]

/** What the page says after a button (`?done=`), and how: declines are a warning, not a success. */
const DONE_MESSAGES: Record<PortalAction, { text: string; tone: 'success' | 'info' }> = {
  switch: {
    text: 'Your plan was switched. The new plan starts today and was charged at once.',
    tone: 'success',
  },
  cancel: { text: 'Your plan will be canceled at the end of the current period.', tone: 'success' },
  renew: { text: 'Your plan will renew as usual.', tone: 'success' },
  'renew-now': { text: 'Renewed now: a new period started and its invoice was paid.', tone: 'success' },
  'renew-now-declined': {
    text: 'Renewal attempted: the card was declined, so the subscription is past due and its invoice is open.',
    tone: 'info',
  },
  'end-now': { text: 'The subscription has ended.', tone: 'success' },
}

interface PortalView {
  session: Stripe.BillingPortal.Session
  customer: Stripe.Customer
  subscription: Stripe.Subscription | undefined
}

function view(context: StandInContext, session: Stripe.BillingPortal.Session): PortalView {
  const customer = context.store.get('customers', session.customer, 'customer')
  const subscriptions = context.store.list('subscriptions').filter((item) => item.customer === customer.id)
  const flowSubscription = session.flow?.subscription_update?.subscription
  const subscription =
    subscriptions.find((item) => item.id === flowSubscription) ??
    subscriptions.find(isLive) ??
    subscriptions[0]
  return { session, customer, subscription }
}

function statusBadge(subscription: Stripe.Subscription): SafeHtml {
  const end = formatDate(firstItem(subscription).current_period_end)
  if (subscription.status === 'canceled') return html`<span class="badge bad">Canceled</span>`
  if (subscription.status === 'past_due') return html`<span class="badge bad">Past due</span>`
  if (subscription.cancel_at_period_end) return html`<span class="badge warn">Cancels ${end}</span>`
  return html`<span class="badge ok">${subscription.status === 'active' ? 'Active' : subscription.status}</span>`
}

function hiddenFields(subscription: Stripe.Subscription, extra: SafeHtml | null = null): SafeHtml {
  return html`<input type="hidden" name="subscription" value="${subscription.id}">${extra}`
}

function actionForm(
  session: Stripe.BillingPortal.Session,
  subscription: Stripe.Subscription,
  action: PortalAction,
  label: string,
  style = 'secondary',
): SafeHtml {
  return html`<form method="post" action="/portal/${session.id}/${action}">${hiddenFields(subscription)}<button class="${style}" type="submit">${label}</button></form>`
}

function currentPlan(context: StandInContext, { session, subscription }: PortalView): SafeHtml {
  if (!subscription)
    return html`<section class="card" aria-labelledby="plan-title"><h2 id="plan-title">Current plan</h2>
      <p class="muted">No subscription yet.</p></section>`
  const item = firstItem(subscription)
  const label = priceLabel(context.store, item.price)
  const live = isLive(subscription)
  const dateLine = !live
    ? `Ended on ${formatDate(subscription.ended_at ?? item.current_period_end)}.`
    : subscription.cancel_at_period_end
      ? `Your plan will be canceled on ${formatDate(item.current_period_end)}.`
      : `Renews on ${formatDate(item.current_period_end)}.`
  const openInvoice =
    subscription.status === 'past_due'
      ? context.store.find('invoices', String(subscription.latest_invoice))
      : undefined
  return html`<section class="card" aria-labelledby="plan-title">
    <h2 id="plan-title">Current plan</h2>
    ${
      openInvoice?.hosted_invoice_url
        ? html`<div class="alert error" role="alert">The last payment failed.
      <a href="${openInvoice.hosted_invoice_url}">Pay the open invoice</a> to keep the plan.</div>`
        : null
    }
    <p><strong>${label.name}</strong> ${statusBadge(subscription)}</p>
    <p class="price">${label.amount} <small>per ${label.interval}</small></p>
    <p class="muted">${dateLine}</p>
    ${
      live
        ? html`<div class="actions">
        <a class="button-link" href="/portal/${session.id}?view=update">Update plan</a>
        ${
          subscription.cancel_at_period_end
            ? actionForm(session, subscription, 'renew', 'Renew plan')
            : actionForm(session, subscription, 'cancel', 'Cancel plan', 'danger')
        }
      </div>`
        : null
    }
  </section>`
}

function planSwitcher(context: StandInContext, { session, subscription }: PortalView): SafeHtml | null {
  if (!subscription || !isLive(subscription)) return null
  const current = firstItem(subscription).price
  const options = Object.values(context.store.state.prices).filter(
    (price) => price.active && price.recurring && price.lookup_key && price.id !== current.id,
  )
  return html`<section class="card" aria-labelledby="update-title">
    <h2 id="update-title">Update plan</h2>
    <p class="muted small">The stand-in charges a switch at once: the new plan's period starts today and its full price
      is invoiced and paid (no proration).</p>
    <ul class="plans">${options.map((price) => {
      const label = priceLabel(context.store, price)
      return html`<li><span><strong>${label.name}</strong><br><span class="muted">${label.amountPerInterval}</span></span>
        <form method="post" action="/portal/${session.id}/switch">${hiddenFields(subscription, html`<input type="hidden" name="price" value="${price.id}">`)}
          <button class="secondary" type="submit">Switch to ${label.name}</button></form></li>`
    })}</ul>
  </section>`
}

function invoiceHistory(context: StandInContext, customer: Stripe.Customer): SafeHtml {
  const invoices = context.store
    .list('invoices')
    .filter((invoice) => invoice.customer === customer.id && invoice.number)
  return html`<section class="card" aria-labelledby="invoices-title">
    <h2 id="invoices-title">Invoice history</h2>
    ${
      invoices.length === 0
        ? html`<p class="muted">No invoices yet.</p>`
        : html`<div class="table-wrap"><table>
      <thead><tr><th>Date</th><th class="hide-narrow">Number</th><th class="num">Amount</th><th>Status</th><th>Files</th></tr></thead>
      <tbody>${invoices.map(
        (
          invoice,
        ) => html`<tr><td>${formatDate(invoice.created)}</td><td class="hide-narrow"><code>${invoice.number}</code></td>
        <td class="num">${formatMoney(invoice.total, invoice.currency)}</td>
        <td><span class="badge ${invoice.status === 'paid' ? 'ok' : 'warn'}">${invoice.status === 'paid' ? 'Paid' : 'Open'}</span></td>
        <td class="nowrap"><a href="${invoice.hosted_invoice_url ?? '#'}" aria-label="View invoice ${invoice.number}">View</a> ·
          <a href="${invoice.invoice_pdf ?? '#'}" aria-label="PDF of invoice ${invoice.number}">PDF</a></td></tr>`,
      )}</tbody></table></div>`
    }
  </section>`
}

function testControls({ session, subscription }: PortalView): SafeHtml | null {
  if (!subscription || !isLive(subscription)) return null
  return html`<section class="card test-controls" aria-labelledby="test-title">
    <h2 id="test-title">Local test controls</h2>
    <p class="muted small">Not part of Stripe's portal: they make the end of a billing period happen now, with the
      webhooks Stripe would send.${subscription.cancel_at_period_end ? ' This plan is set to cancel, so renewing ends it.' : ''}</p>
    <div class="actions">
      ${actionForm(session, subscription, 'renew-now', 'Renew now (payment succeeds)')}
      ${actionForm(session, subscription, 'renew-now-declined', 'Renew now (card declined)')}
      ${actionForm(session, subscription, 'end-now', 'End subscription now', 'danger')}
    </div>
  </section>`
}

export function showPortal(
  response: ServerResponse,
  context: StandInContext,
  session: Stripe.BillingPortal.Session,
  query: URLSearchParams,
): void {
  const portal = view(context, session)
  const done = query.get('done') as PortalAction | null
  const updating =
    query.get('view') === 'update' ||
    (session.flow?.type === 'subscription_update' && query.get('view') !== 'overview')
  const body = html`
    ${session.return_url ? html`<a class="back" href="${session.return_url}">← Return to SES Studio</a>` : null}
    <h1>Billing</h1>
    <p class="muted">${portal.customer.name ?? ''}${portal.customer.name && portal.customer.email ? ' · ' : ''}${portal.customer.email ?? ''}</p>
    ${done && done in DONE_MESSAGES ? html`<div class="alert ${DONE_MESSAGES[done].tone}" role="status">${DONE_MESSAGES[done].text}</div>` : null}
    ${
      updating
        ? html`${planSwitcher(context, portal)}<p><a href="/portal/${session.id}?view=overview">← Back to the overview</a></p>`
        : html`${currentPlan(context, portal)}${invoiceHistory(context, portal.customer)}${testControls(portal)}`
    }`
  sendHtml(response, 200, page({ title: 'Billing', body, narrow: true }))
}

/** Runs a portal button, then back to the portal page (POST → redirect → GET). */
export async function submitPortalAction(
  request: IncomingMessage,
  response: ServerResponse,
  context: StandInContext,
  session: Stripe.BillingPortal.Session,
  action: PortalAction,
): Promise<void> {
  const form = await readForm(request)
  const subscription = context.store.find('subscriptions', form.get('subscription') ?? '')
  if (!subscription || subscription.customer !== session.customer || !isLive(subscription))
    return sendHtml(
      response,
      400,
      page({
        title: 'Billing',
        body: html`<h1>That subscription cannot be changed here.</h1>
      <p><a href="/portal/${session.id}">Back to billing</a></p>`,
        narrow: true,
      }),
    )
  if (action === 'switch') {
    const price = context.store.find('prices', form.get('price') ?? '')
    if (!price?.active || !price.recurring)
      return sendHtml(
        response,
        400,
        page({
          title: 'Billing',
          body: html`<h1>That plan is not available.</h1>
        <p><a href="/portal/${session.id}">Back to billing</a></p>`,
          narrow: true,
        }),
      )
    switchPrice(context, subscription, price)
  } else if (action === 'cancel') setCancelAtPeriodEnd(context, subscription, true)
  else if (action === 'renew') setCancelAtPeriodEnd(context, subscription, false)
  else if (action === 'renew-now') renewNow(context, subscription, 'paid')
  else if (action === 'renew-now-declined') renewNow(context, subscription, 'declined')
  else endNow(context, subscription)
  // renewing a plan that is set to cancel ends it, as the end of its period would
  const done = subscription.status === 'canceled' ? 'end-now' : action
  redirect(response, `/portal/${session.id}?done=${done}`)
}
