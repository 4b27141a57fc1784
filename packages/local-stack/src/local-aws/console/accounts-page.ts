import { html } from '../../stripe/pages/html'
import type { LocalAwsContext } from '../context'
import { describeAccount } from '../registry'
import { getAccount } from '../ses/account'
import { regionName } from '../ses/verification-mail'
import type { EmailIdentity, SesAccountState } from '../state'
import { consolePage, copyButton, statusBadge } from './layout'
import { templatesPath } from './ses-templates-page'

const sandboxBadge = (ses: SesAccountState | undefined) =>
  !ses
    ? html`<span class="muted">—</span>`
    : ses.productionAccess
      ? html`<span class="badge ok">Production</span>`
      : html`<span class="badge warn">Sandbox</span>`

/** `/console`: every local account, the customer ones first; the demo customer is where a local user starts. */
export function accountsPage(context: LocalAwsContext, notice?: string): string {
  const state = context.state.data
  const accounts = Object.values(state.accounts).sort(
    (a, b) =>
      Number(Boolean(a.platform)) - Number(Boolean(b.platform)) || a.createdAt.localeCompare(b.createdAt),
  )
  const rows = accounts.map((account) => {
    const ses = state.ses[`${account.id}/${context.region}`]
    const identities = Object.values(state.ses)
      .filter((entry) => entry.accountId === account.id)
      .reduce((sum, entry) => sum + Object.keys(entry.identities).length, 0)
    const roles = Object.values(state.roles).filter((role) => role.accountId === account.id).length
    const key = Object.values(state.users).find((user) => user.accountId === account.id)?.accessKeys[0]
    return html`<tr>
      <td><a href="/console/accounts/${account.id}"><span class="mono">${account.id}</span></a></td>
      <td>${account.name} ${account.platform ? html`<span class="badge info">Platform</span>` : ''}</td>
      <td>${key ? html`<code class="value">${key.accessKeyId}</code>` : ''}</td>
      <td>${sandboxBadge(ses)}</td>
      <td>${identities}</td>
      <td>${roles}</td>
    </tr>`
  })
  return consolePage({
    title: 'Accounts',
    body: html`
      <h1>Local AWS accounts</h1>
      <p class="muted">Customer accounts SES Studio can connect to. Open one to copy its access key, see the roles
      its CloudFormation stacks created, mark identities verified or grant production access.</p>
      ${notice ? html`<div class="alert success" role="status">${notice}</div>` : ''}
      <section class="panel">
        <div class="panel-head"><h2>Accounts (${accounts.length})</h2>
          <form class="inline" method="post" action="/console/accounts"><button type="submit">Create account</button></form>
        </div>
        <div class="table-wrap"><table>
          <thead><tr><th>Account ID</th><th>Name</th><th>Access key (secret on the account page)</th><th>SES in ${context.region}</th><th>Identities</th><th>Roles</th></tr></thead>
          <tbody>${rows}</tbody>
        </table></div>
      </section>
      <section class="panel">
        <h2>Connect an account to SES Studio</h2>
        <p><b>With access keys:</b> open the account, copy the user's access key ID and secret access key, and paste them
        into SES Studio's "Add AWS account" form.</p>
        <p><b>With a role (recommended):</b> choose "Role" in SES Studio and follow its "Launch stack" link: it opens
        CloudFormation quick-create here. Pick the account, create the stack and paste the <code>RoleArn</code> output back.</p>
      </section>`,
  })
}

function identityRows(ses: SesAccountState) {
  const identities = Object.values(ses.identities)
  if (identities.length === 0) return html`<p class="muted">No identities in ${ses.region} yet.</p>`
  return html`<div class="table-wrap"><table>
    <thead><tr><th>Identity</th><th>Type</th><th>Status</th><th>DNS records (domains)</th><th></th></tr></thead>
    <tbody>${identities.map((identity) => identityRow(ses, identity))}</tbody>
  </table></div>`
}

const verificationBadge = (status: EmailIdentity['status']) =>
  status === 'SUCCESS'
    ? html`<span class="badge ok">Verified</span>`
    : status === 'FAILED'
      ? html`<span class="badge bad">Failed</span>`
      : html`<span class="badge warn">Pending</span>`

function identityRow(ses: SesAccountState, identity: EmailIdentity) {
  const records =
    identity.type === 'DOMAIN'
      ? html`${(identity.dkimTokens ?? []).map(
          (token) =>
            html`<div class="small mono">${token}._domainkey.${identity.name} CNAME ${token}.dkim.amazonses.com</div>`,
        )}`
      : html`<span class="muted small">Verification mail sent to this address</span>`
  return html`<tr>
    <td class="mono">${identity.name}</td>
    <td>${identity.type === 'DOMAIN' ? 'Domain' : 'Email address'}</td>
    <td>${verificationBadge(identity.status)}</td>
    <td>${records}</td>
    <td>${
      identity.status === 'SUCCESS'
        ? ''
        : html`<form class="inline" method="post" action="/console/accounts/${ses.accountId}/identities/verify">
            <input type="hidden" name="region" value="${ses.region}"><input type="hidden" name="identity" value="${identity.name}">
            <button type="submit" class="small">Mark verified</button></form>`
    }</td>
  </tr>`
}

function sesPanel(ses: SesAccountState) {
  const account = getAccount(ses, Date.now())
  const review = ses.details?.ReviewDetails
  return html`<section class="panel">
    <div class="panel-head"><h2>Amazon SES · ${regionName(ses.region)} <span class="muted small">${ses.region}</span></h2>
      ${
        ses.productionAccess
          ? html`<span class="badge ok">Production access</span>`
          : html`<form class="inline" method="post" action="/console/accounts/${ses.accountId}/ses/grant">
              <input type="hidden" name="region" value="${ses.region}">
              <button type="submit" class="primary">Grant production access</button></form>`
      }
    </div>
    <div class="grid">
      <div class="stat"><span class="muted small">Account</span><b>${ses.productionAccess ? 'Production' : 'Sandbox'}</b></div>
      <div class="stat"><span class="muted small">Sending</span><b>${ses.sendingEnabled ? 'Enabled' : 'Paused'}</b></div>
      <div class="stat"><span class="muted small">Sent, last 24 h</span><b>${account.SendQuota.SentLast24Hours} / ${ses.max24HourSend}</b></div>
      <div class="stat"><span class="muted small">Max send rate</span><b>${ses.maxSendRate}/s</b></div>
      <div class="stat"><span class="muted small">Production request</span><b>${review ? statusBadge(review.Status) : html`<span class="muted">none</span>`}</b></div>
    </div>
    ${
      ses.details?.UseCaseDescription
        ? html`<p class="small"><span class="muted">Use case (${ses.details.MailType ?? ''}, ${ses.details.WebsiteURL ?? ''}):</span> ${ses.details.UseCaseDescription}</p>`
        : ''
    }
    <h3>Identities</h3>
    ${identityRows(ses)}
    <p class="muted small">Configuration sets: ${Object.keys(ses.configurationSets).join(', ') || 'none'} ·
      suppression list: ${Object.keys(ses.suppressed).length} ·
      <a href="${templatesPath(ses.accountId, ses.region)}">templates: ${Object.keys(ses.templates).length}</a></p>
  </section>`
}

/** `/console/accounts/<id>`: keys, roles and SES per region of one account. */
export function accountPage(
  context: LocalAwsContext,
  accountId: string,
  notice?: string,
): string | undefined {
  const account = describeAccount(context.state.data, accountId)
  if (!account) return undefined
  const keyRows = account.users.flatMap((user) =>
    user.accessKeys.map(
      (key) => html`<tr>
        <td class="mono">${user.name}</td>
        <td><code class="value">${key.accessKeyId}</code>${copyButton(key.accessKeyId)}</td>
        <td><code class="value">${key.secretAccessKey}</code>${copyButton(key.secretAccessKey)}</td>
        <td class="small">${user.actions.join(', ')}</td>
      </tr>`,
    ),
  )
  const roleRows = account.roles.map(
    (role) => html`<tr>
      <td><code class="value">${role.arn}</code>${copyButton(role.arn)}</td>
      <td class="small">${role.trustedAccountIds.map((id) => `arn:aws:iam::${id}:root`).join(', ')}</td>
      <td class="small mono">${role.externalId ?? '—'}</td>
      <td class="small">${role.actions.length} actions${role.stackName ? html`<br><span class="muted">stack ${role.stackName}</span>` : ''}</td>
      <td><form class="inline" method="post" action="/console/accounts/${account.id}/roles/delete">
        <input type="hidden" name="name" value="${role.name}">
        <button type="submit" class="small">${role.stackName ? 'Delete stack' : 'Delete role'}</button></form></td>
    </tr>`,
  )
  const regions = account.ses.length ? account.ses : []
  return consolePage({
    title: account.name,
    body: html`
      <div class="crumbs"><a href="/console">Accounts</a> › ${account.id}</div>
      <h1>${account.name} ${account.platform ? html`<span class="badge info">Platform</span>` : ''}</h1>
      <p class="muted">Account <span class="mono">${account.id}</span></p>
      <p><a class="button" href="${templatesPath(account.id, context.region)}">SES templates</a>
        <span class="muted small">see, create, edit or delete this account's email templates, as in its own SES</span></p>
      ${notice ? html`<div class="alert success" role="status">${notice}</div>` : ''}
      ${
        account.platform
          ? html`<div class="alert info">SES Studio itself runs as this account: its own mail (verification, password
            reset) is sent from here, its KMS key lives here, and customer roles trust it.</div>`
          : ''
      }
      <section class="panel">
        <div class="panel-head"><h2>IAM users and access keys</h2>
          <form class="inline" method="post" action="/console/accounts/${account.id}/users"><button type="submit">Create access key</button></form>
        </div>
        <div class="table-wrap"><table>
          <thead><tr><th>User</th><th>Access key ID</th><th>Secret access key</th><th>Allowed actions</th></tr></thead>
          <tbody>${keyRows}</tbody>
        </table></div>
      </section>
      <section class="panel">
        <h2>IAM roles</h2>
        ${
          roleRows.length
            ? html`<div class="table-wrap"><table>
                <thead><tr><th>Role ARN</th><th>Trusted account</th><th>ExternalId</th><th>Permissions</th><th></th></tr></thead>
                <tbody>${roleRows}</tbody></table></div>`
            : html`<p class="muted">No roles yet. SES Studio's "Launch stack" link creates one here.</p>`
        }
      </section>
      ${regions.map((ses) => sesPanel(ses))}`,
  })
}
