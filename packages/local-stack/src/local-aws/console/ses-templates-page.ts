import { SES_REGION_NAMES } from '@app/contracts'
import { html, type SafeHtml } from '../../stripe/pages/html'
import { regionName } from '../ses/verification-mail'
import type { SesAccountState, StoredTemplate } from '../state'
import { consolePage } from './layout'

/** What the create and edit forms hold (empty fields are parts the template does not have). */
export interface TemplateFormValues {
  name: string
  subject: string
  html: string
  text: string
}

export interface TemplatesView {
  accountId: string
  accountName: string
  region: string
  /** Regions worth offering first: the ones holding templates, the default and the one shown. */
  regions: string[]
}

export const templatesPath = (accountId: string, region: string, suffix = '') =>
  `/console/accounts/${accountId}/ses/templates${suffix}?region=${encodeURIComponent(region)}`

export const templatePath = (accountId: string, region: string, name: string, action: 'edit' | 'delete') =>
  templatesPath(accountId, region, `/${encodeURIComponent(name)}/${action}`)

const createdAt = (template: StoredTemplate) =>
  `${new Date(template.createdAt * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`

const crumbs = (view: TemplatesView, last?: string) =>
  html`<div class="crumbs"><a href="/console">Accounts</a> ›
    <a href="/console/accounts/${view.accountId}">${view.accountId}</a> ›
    ${last ? html`<a href="${templatesPath(view.accountId, view.region)}">SES templates</a> › ${last}` : 'SES templates'}</div>`

const errorAlert = (error: string | undefined, what: string) =>
  error ? html`<div class="alert error" role="alert"><b>${what}</b> ${error}</div>` : ''

/** A GET form, so choosing a region needs no script. */
function regionSelector(view: TemplatesView): SafeHtml {
  const option = (region: string) =>
    html`<option value="${region}" ${region === view.region ? 'selected' : ''}>${region} · ${regionName(region)}</option>`
  const others = Object.keys(SES_REGION_NAMES).filter((region) => !view.regions.includes(region))
  return html`<form class="region-picker" method="get" action="/console/accounts/${view.accountId}/ses/templates">
    <label for="region">Region</label>
    <select id="region" name="region">
      <optgroup label="With templates, or this stack's region">${view.regions.map(option)}</optgroup>
      <optgroup label="Other SES regions">${others.map(option)}</optgroup>
    </select>
    <button type="submit">Show</button>
  </form>`
}

/** `/console/accounts/<id>/ses/templates?region=…`: one account's SES templates in one region. */
export function templatesPage(
  view: TemplatesView,
  ses: SesAccountState | undefined,
  notice?: string,
): string {
  const templates = Object.values(ses?.templates ?? {}).sort((a, b) => a.createdAt - b.createdAt)
  const rows = templates.map(
    (template) => html`<tr>
      <td><a class="mono" href="${templatePath(view.accountId, view.region, template.name, 'edit')}">${template.name}</a></td>
      <td>${template.content.Subject ?? html`<span class="muted">—</span>`}</td>
      <td class="small">${[template.content.Html !== undefined && 'HTML', template.content.Text !== undefined && 'Text'].filter(Boolean).join(', ')}</td>
      <td class="small mono">${createdAt(template)}</td>
      <td class="nowrap"><a href="${templatePath(view.accountId, view.region, template.name, 'edit')}">Edit</a> ·
        <a href="${templatePath(view.accountId, view.region, template.name, 'delete')}">Delete</a></td>
    </tr>`,
  )
  return consolePage({
    title: `SES templates · ${view.region}`,
    body: html`
      ${crumbs(view)}
      <h1>Email templates</h1>
      <p class="muted">Amazon SES · ${view.accountName} <span class="mono">${view.accountId}</span> · ${regionName(view.region)} (${view.region})</p>
      ${notice ? html`<div class="alert success" role="status">${notice}</div>` : ''}
      <div class="alert info">What a customer would do in their own SES. Create templates here to import them into SES
        Studio; edit or delete one that SES Studio published to see it flagged as changed in SES.</div>
      <section class="panel">
        <div class="panel-head"><h2>Templates (${templates.length})</h2>
          <a class="button" href="${templatesPath(view.accountId, view.region, '/new')}">Create template</a>
        </div>
        ${regionSelector(view)}
        ${
          rows.length
            ? html`<div class="table-wrap"><table>
                <thead><tr><th>Name</th><th>Subject</th><th>Parts</th><th>Created</th><th></th></tr></thead>
                <tbody>${rows}</tbody></table></div>`
            : html`<p class="muted">No templates in ${view.region}.</p>`
        }
      </section>`,
  })
}

/** The create form (`mode: 'create'`) or a template's edit form, with SES's refusal when there is one. */
export function templateFormPage(
  view: TemplatesView,
  mode: 'create' | 'edit',
  values: TemplateFormValues,
  error?: string,
): string {
  const creating = mode === 'create'
  const action = creating
    ? templatesPath(view.accountId, view.region)
    : templatePath(view.accountId, view.region, values.name, 'edit')
  return consolePage({
    title: creating ? 'Create template' : `Edit ${values.name}`,
    narrow: true,
    body: html`
      ${crumbs(view, creating ? 'Create template' : values.name)}
      <h1>${creating ? 'Create template' : html`Edit <span class="mono">${values.name}</span>`}</h1>
      <p class="muted">Amazon SES · account <span class="mono">${view.accountId}</span> · ${regionName(view.region)} (${view.region})</p>
      ${errorAlert(error, creating ? 'The template was not created.' : 'The template was not updated.')}
      <form class="panel" method="post" action="${action}">
        <input type="hidden" name="region" value="${view.region}">
        <label for="name">Template name</label>
        <input type="text" id="name" name="name" value="${values.name}" ${creating ? html`required maxlength="64"` : 'readonly'} autocomplete="off">
        <div class="help">${creating ? 'Up to 64 letters, digits, underscores (_) or dashes (-). It cannot be changed later.' : html`<span class="mono">arn:aws:ses:${view.region}:${view.accountId}:template/${values.name}</span>`}</div>
        <label for="subject">Subject</label>
        <input type="text" id="subject" name="subject" value="${values.subject}">
        <label for="html">HTML part</label>
        <textarea id="html" name="html" rows="12" spellcheck="false">${values.html}</textarea>
        <label for="text">Text part</label>
        <textarea id="text" name="text" rows="6">${values.text}</textarea>
        <div class="help">An HTML part, a text part or both. Handlebars (<code>{{name}}</code>) is checked as SES does.
          An empty field is a part the template does not have.</div>
        <div class="actions">
          <a class="button" href="${templatesPath(view.accountId, view.region)}">Cancel</a>
          <button type="submit" class="primary">${creating ? 'Create template' : 'Save changes'}</button>
        </div>
      </form>
      ${
        creating
          ? ''
          : html`<section class="panel"><h2>Delete template</h2>
              <p>Removes <span class="mono">${values.name}</span> from SES in ${view.region}. You confirm on the next page.</p>
              <a class="button danger" href="${templatePath(view.accountId, view.region, values.name, 'delete')}">Delete…</a></section>`
      }`,
  })
}

/** The confirm step before a delete: a POST form that names what it deletes. */
export function deleteTemplatePage(view: TemplatesView, template: StoredTemplate): string {
  return consolePage({
    title: `Delete ${template.name}`,
    narrow: true,
    body: html`
      ${crumbs(view, template.name)}
      <h1>Delete <span class="mono">${template.name}</span>?</h1>
      <form class="panel" method="post" action="${templatePath(view.accountId, view.region, template.name, 'delete')}">
        <input type="hidden" name="region" value="${view.region}">
        <p>This deletes the email template <span class="mono">${template.name}</span>
          (subject: ${template.content.Subject ?? '—'}) from Amazon SES in account
          <span class="mono">${view.accountId}</span>, ${view.region}. It cannot be undone.</p>
        <div class="actions">
          <a class="button" href="${templatePath(view.accountId, view.region, template.name, 'edit')}">Cancel</a>
          <button type="submit" class="primary danger">Delete template</button>
        </div>
      </form>`,
  })
}

/** A console page for a template or region that is not there. */
export function templatesMessagePage(view: TemplatesView, title: string, message: string): string {
  return consolePage({
    title,
    narrow: true,
    body: html`${crumbs(view, title)}<h1>${title}</h1>
      <section class="panel"><p>${message}</p>
        <p><a href="${templatesPath(view.accountId, view.region)}">Back to the templates</a></p></section>`,
  })
}
