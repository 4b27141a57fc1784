import { html } from '../../stripe/pages/html'
import type { LocalAwsContext } from '../context'
import { regionName } from '../ses/verification-mail'
import { consolePage, copyButton } from './layout'

export interface QuickCreateValues {
  region: string
  templateUrl: string
  stackName: string
  parameters: Record<string, string>
  accountId: string
}

/**
 * The part of a quick-create link after `#` never reaches a server, so the page reads `location.hash`
 * (`#/stacks/quickcreate?templateURL=…&stackName=…&param_ExternalId=…`) and fills the form itself.
 */
const HASH_SCRIPT = `(() => {
  const hash = location.hash.replace(/^#/, '');
  const query = hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '';
  if (!hash.startsWith('/stacks/quickcreate') || !query) return;
  const form = document.getElementById('quick-create');
  const params = new URLSearchParams(query);
  const set = (name, value) => { const input = form.elements.namedItem(name); if (input && value !== null) input.value = value; };
  set('templateURL', params.get('templateURL'));
  set('stackName', params.get('stackName'));
  for (const [key, value] of params) {
    if (!key.startsWith('param_')) continue;
    if (!form.elements.namedItem(key)) {
      const extra = document.createElement('input');
      extra.type = 'hidden'; extra.name = key; form.appendChild(extra);
    }
    set(key, value);
  }
  document.getElementById('template-shown').textContent = params.get('templateURL') || '—';
  document.getElementById('missing-link').hidden = Boolean(params.get('templateURL'));
})();`

export function quickCreatePage(context: LocalAwsContext, values: QuickCreateValues, error?: string): string {
  const customers = Object.values(context.state.data.accounts).filter((account) => !account.platform)
  const externalId = values.parameters.ExternalId ?? ''
  const extraParameters = Object.entries(values.parameters).filter(([name]) => name !== 'ExternalId')
  return consolePage({
    title: 'Quick create stack',
    narrow: true,
    script: HASH_SCRIPT,
    body: html`
      <div class="crumbs"><a href="/console">Accounts</a> › CloudFormation › Quick create stack</div>
      <h1>Quick create stack</h1>
      <p class="muted">CloudFormation · ${regionName(values.region)} (${values.region})</p>
      ${error ? html`<div class="alert error" role="alert"><b>Stack creation failed.</b> ${error}</div>` : ''}
      <div id="missing-link" class="alert info" ${values.templateUrl ? 'hidden' : ''}>
        Open this page from SES Studio's "Launch stack" link: it carries the template and this connection's ExternalId.
      </div>
      <form id="quick-create" class="panel" method="post" action="/console/cloudformation/stacks">
        <input type="hidden" name="region" value="${values.region}">
        <input type="hidden" name="templateURL" value="${values.templateUrl}">
        ${extraParameters.map(([name, value]) => html`<input type="hidden" name="param_${name}" value="${value}">`)}
        <h2>Template</h2>
        <p class="small mono" id="template-shown" style="word-break: break-all">${values.templateUrl || '—'}</p>
        <label for="stackName">Stack name</label>
        <input type="text" id="stackName" name="stackName" value="${values.stackName}" required pattern="[A-Za-z][A-Za-z0-9\\-]*">
        <h2 style="margin-top: 24px">Parameters</h2>
        <label for="param_ExternalId">ExternalId</label>
        <input type="text" id="param_ExternalId" name="param_ExternalId" value="${externalId}" readonly>
        <div class="help">The ExternalId SES Studio showed for this connection (keeps other SES Studio users out).</div>
        <h2 style="margin-top: 24px">Account</h2>
        <label for="accountId">Create the stack in</label>
        <select id="accountId" name="accountId">
          ${customers.map(
            (account) =>
              html`<option value="${account.id}" ${account.id === values.accountId ? 'selected' : ''}>${account.id} · ${account.name}</option>`,
          )}
        </select>
        <div class="help">In real AWS this is the account you are signed in to.</div>
        <p class="small muted" style="margin-top: 16px">The template creates IAM resources: an IAM role that SES Studio's
        account may assume with this ExternalId.</p>
        <div class="actions"><a class="button" href="/console">Cancel</a><button type="submit" class="primary">Create stack</button></div>
      </form>`,
  })
}

export function stackCreatedPage(
  values: QuickCreateValues,
  created: { roleName: string; outputs: Record<string, string> },
): string {
  const outputs = Object.entries(created.outputs)
  return consolePage({
    title: values.stackName,
    narrow: true,
    body: html`
      <div class="crumbs"><a href="/console">Accounts</a> › <a href="/console/accounts/${values.accountId}">${values.accountId}</a> › CloudFormation › ${values.stackName}</div>
      <h1>${values.stackName}</h1>
      <div class="alert success" role="status"><b>CREATE_COMPLETE</b> · role ${created.roleName} in account
        <span class="mono">${values.accountId}</span> (${values.region})</div>
      <section class="panel">
        <h2>Outputs</h2>
        <table>
          <thead><tr><th>Key</th><th>Value</th><th>Description</th></tr></thead>
          <tbody>${outputs.map(
            ([
              key,
              value,
            ]) => html`<tr><td>${key}</td><td><code class="value" id="output-${key}">${value}</code>${copyButton(value)}</td>
              <td class="small">${key === 'RoleArn' ? 'Paste this into SES Studio' : ''}</td></tr>`,
          )}</tbody>
        </table>
      </section>
      <p><a href="/console/accounts/${values.accountId}">Go to the account</a></p>`,
  })
}
