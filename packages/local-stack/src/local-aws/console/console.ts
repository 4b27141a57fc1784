import type { IncomingMessage, ServerResponse } from 'node:http'
import { readForm } from '../../stripe/pages/form'
import { html, redirect, sendHtml } from '../../stripe/pages/html'
import { TemplateError } from '../cloudformation'
import type { LocalAwsContext } from '../context'
import { addUser, createCustomerAccount, DEMO_ACTIONS, deleteRole, deployRoleStack } from '../registry'
import { grantProductionAccess, sesAccount } from '../ses/account'
import { findIdentity, identityByToken, markVerified } from '../ses/identities'
import { accountPage, accountsPage } from './accounts-page'
import { consolePage } from './layout'
import { type QuickCreateValues, quickCreatePage, stackCreatedPage } from './quick-create-page'
import { handleSesTemplates } from './ses-templates'

/**
 * `/console`: a small stand-in for the AWS console — accounts with their keys, roles and SES state, the buttons
 * for what AWS (or DNS, or a click in a mail) would do, CloudFormation quick-create, and the verification link.
 */
export async function handleConsole(
  context: LocalAwsContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const method = request.method ?? 'GET'
  const parts = url.pathname.split('/').filter(Boolean).slice(1).map(decodeURIComponent)
  const state = context.state.data
  const notice = url.searchParams.get('notice') ?? undefined
  const [first, id, sub, action] = parts

  if (!first && method === 'GET') return sendHtml(response, 200, accountsPage(context, notice))
  if (first === 'accounts' && !id && method === 'POST') {
    const created = createCustomerAccount(state, { name: 'Customer account', region: context.region })
    context.state.save()
    return redirect(
      response,
      `/console/accounts/${created.accountId}?notice=${encodeURIComponent('Account created.')}`,
    )
  }
  if (first === 'accounts' && id && state.accounts[id]) {
    const back = (message: string) =>
      redirect(response, `/console/accounts/${id}?notice=${encodeURIComponent(message)}`)
    if (!sub && method === 'GET') return sendHtml(response, 200, accountPage(context, id, notice) ?? '')
    if (sub === 'ses' && action === 'templates') {
      if (await handleSesTemplates(context, request, response, url, id, parts.slice(4))) return
    }
    if (method === 'POST') {
      const form = await readForm(request)
      const region = form.get('region') || context.region
      if (sub === 'users') {
        addUser(state, id, `user-${Date.now().toString(36)}`, DEMO_ACTIONS)
        context.state.save()
        return back('Access key created.')
      }
      if (sub === 'ses' && action === 'grant') {
        grantProductionAccess(sesAccount(state, id, region))
        context.state.save()
        return back(`Production access granted in ${region}.`)
      }
      if (sub === 'identities' && action === 'verify') {
        const identity = findIdentity(sesAccount(state, id, region), form.get('identity') ?? '')
        if (identity) markVerified(identity)
        context.state.save()
        return back(identity ? `${identity.name} is verified.` : 'No such identity.')
      }
      if (sub === 'roles' && action === 'delete') {
        const name = form.get('name') ?? ''
        deleteRole(state, id, name)
        context.state.save()
        return back(`Role ${name} deleted.`)
      }
    }
  }
  if (first === 'cloudformation') return handleCloudFormation(context, request, response, url, parts.slice(1))
  if (first === 'verify-email' && method === 'GET') return verifyEmail(context, response, url)
  sendHtml(
    response,
    404,
    consolePage({
      title: 'Not found',
      narrow: true,
      body: html`<h1>Not found</h1><p><a href="/console">Back to the accounts</a></p>`,
    }),
  )
}

async function handleCloudFormation(
  context: LocalAwsContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  parts: string[],
): Promise<void> {
  const defaultAccount =
    Object.values(context.state.data.accounts).find((account) => !account.platform)?.id ?? ''
  if (parts[0] === 'home' && request.method === 'GET') {
    const values: QuickCreateValues = {
      region: url.searchParams.get('region') || context.region,
      templateUrl: '',
      stackName: 'SesStudioAccess',
      parameters: { ExternalId: '' },
      accountId: defaultAccount,
    }
    return sendHtml(response, 200, quickCreatePage(context, values))
  }
  if (parts[0] === 'stacks' && request.method === 'POST') {
    const form = await readForm(request)
    const parameters: Record<string, string> = {}
    for (const [key, value] of form) if (key.startsWith('param_')) parameters[key.slice(6)] = value
    const values: QuickCreateValues = {
      region: form.get('region') || context.region,
      templateUrl: form.get('templateURL') ?? '',
      stackName: form.get('stackName') ?? '',
      parameters,
      accountId: form.get('accountId') ?? defaultAccount,
    }
    try {
      if (!values.templateUrl)
        throw new TemplateError('No template: open this page from a quick-create link.')
      if (!/^[A-Za-z][A-Za-z0-9-]{0,127}$/.test(values.stackName))
        throw new TemplateError('A stack name starts with a letter and has only letters, digits and dashes.')
      const { role, outputs } = await deployRoleStack(context.state.data, {
        accountId: values.accountId,
        region: values.region,
        stackName: values.stackName,
        templateUrl: values.templateUrl,
        parameters,
      })
      context.state.save()
      return sendHtml(response, 200, stackCreatedPage(values, { roleName: role.name, outputs }))
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error
      return sendHtml(response, 400, quickCreatePage(context, values, error.message))
    }
  }
  sendHtml(response, 404, consolePage({ title: 'Not found', body: html`<h1>Not found</h1>` }))
}

function verifyEmail(context: LocalAwsContext, response: ServerResponse, url: URL): void {
  const found = identityByToken(context.state.data, url.searchParams.get('token') ?? '')
  if (found) {
    markVerified(found.identity)
    context.state.save()
  }
  sendHtml(
    response,
    found ? 200 : 404,
    consolePage({
      title: found ? 'Email address verified' : 'Verification link not valid',
      narrow: true,
      body: found
        ? html`<section class="panel"><h1>Congratulations!</h1>
            <p>You have successfully verified an email address. You can now start sending email from this address.</p>
            <p class="muted small">${found.identity.name} · account ${found.account.accountId} · ${found.account.region}</p></section>`
        : html`<section class="panel"><h1>This link is not valid</h1>
            <p>It was already used, or the identity was deleted. Request a new verification from SES Studio.</p></section>`,
    }),
  )
}
