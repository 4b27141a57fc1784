import type { IncomingMessage, ServerResponse } from 'node:http'
import type { StandInContext } from '../context'
import { showCheckout, submitCheckout } from './checkout-page'
import { html, page, sendHtml } from './html'
import { payInvoice, sendInvoicePdf, showInvoice } from './invoice-page'
import { PORTAL_ACTIONS, type PortalAction, showPortal, submitPortalAction } from './portal-page'

function notFound(response: ServerResponse, what: string): void {
  sendHtml(
    response,
    404,
    page({
      title: 'Not found',
      body: html`<h1>No such ${what}</h1><p class="muted">The link may be from an older local stack.</p>`,
      narrow: true,
    }),
  )
}

/** The hosted pages: `/checkout/<id>`, `/portal/<id>[/<action>]`, `/invoices/<id>[/pdf|/pay]`. Null: not a page. */
export async function handlePage(
  request: IncomingMessage,
  response: ServerResponse,
  context: StandInContext,
): Promise<boolean> {
  const url = new URL(request.url ?? '/', 'http://localhost')
  const [, kind, id = '', action] = url.pathname.split('/')
  const method = request.method ?? 'GET'
  const { store } = context

  if (kind === 'checkout' && !action) {
    const session = store.find('checkoutSessions', id)
    if (!session) notFound(response, 'checkout session')
    else if (method === 'POST') await submitCheckout(request, response, context, session)
    else showCheckout(response, context, session)
    return true
  }
  if (kind === 'portal') {
    const session = store.find('portalSessions', id)
    if (!session) notFound(response, 'billing portal session')
    else if (method === 'POST' && PORTAL_ACTIONS.includes(action as PortalAction))
      await submitPortalAction(request, response, context, session, action as PortalAction)
    else if (!action) showPortal(response, context, session, url.searchParams)
    else notFound(response, 'portal page')
    return true
  }
  if (kind === 'invoices') {
    const invoice = store.find('invoices', id)
    if (!invoice?.number) notFound(response, 'invoice')
    else if (!action) showInvoice(response, invoice, url.searchParams)
    else if (action === 'pdf') await sendInvoicePdf(response, invoice)
    else if (action === 'pay' && method === 'POST') payInvoice(response, context, invoice)
    else notFound(response, 'invoice page')
    return true
  }
  return false
}
