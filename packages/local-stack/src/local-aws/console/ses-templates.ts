import type { IncomingMessage, ServerResponse } from 'node:http'
import { SES_REGION_NAMES } from '@app/contracts'
import { readForm } from '../../stripe/pages/form'
import { redirect, sendHtml } from '../../stripe/pages/html'
import type { LocalAwsContext } from '../context'
import { AwsError } from '../protocol'
import { sesAccount } from '../ses/account'
import { createEmailTemplate, deleteEmailTemplate, updateEmailTemplate } from '../ses/templates'
import type { TemplateParts } from '../ses/upstream'
import type { StoredTemplate } from '../state'
import {
  deleteTemplatePage,
  type TemplateFormValues,
  type TemplatesView,
  templateFormPage,
  templatesMessagePage,
  templatesPage,
  templatesPath,
} from './ses-templates-page'

const formValues = (form: URLSearchParams, name = form.get('name') ?? ''): TemplateFormValues => ({
  name,
  subject: form.get('subject') ?? '',
  html: form.get('html') ?? '',
  text: form.get('text') ?? '',
})

const storedValues = (template: StoredTemplate): TemplateFormValues => ({
  name: template.name,
  subject: template.content.Subject ?? '',
  html: template.content.Html ?? '',
  text: template.content.Text ?? '',
})

/**
 * An empty field is a part the template does not have. SES wants an HTML or a text part; ses/templates.ts does not
 * check that, so the console does before handing the rest of the checks to it.
 */
function templateContent(values: TemplateFormValues): { content: TemplateParts } | { error: string } {
  const content: TemplateParts = {}
  if (values.subject) content.Subject = values.subject
  if (values.html) content.Html = values.html
  if (values.text) content.Text = values.text
  if (!content.Html && !content.Text) return { error: 'A template needs an HTML part, a text part or both.' }
  return { content }
}

/** Runs one SES template call; its refusal (bad name, duplicate, Handlebars, size) is the message to show. */
async function sesRefusal(call: () => Promise<void> | void): Promise<AwsError | undefined> {
  try {
    await call()
    return undefined
  } catch (error) {
    if (error instanceof AwsError) return error
    throw error
  }
}

/**
 * `/console/accounts/<id>/ses/templates…`: list (`?region=`), `POST` create, `/new`, `/<name>/edit` and
 * `/<name>/delete` (GET shows, POST does). Changes go through ses/templates.ts, as SES API calls would.
 * Answers false for a path it does not serve.
 */
export async function handleSesTemplates(
  context: LocalAwsContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  accountId: string,
  rest: string[],
): Promise<boolean> {
  const method = request.method ?? 'GET'
  const [name = '', action] = rest
  const served =
    rest.length === 0 ||
    (rest.length === 1 && name === 'new' && method === 'GET') ||
    (rest.length === 2 && (action === 'edit' || action === 'delete'))
  if (!served || (method !== 'GET' && method !== 'POST')) return false
  const form = method === 'POST' ? await readForm(request) : undefined
  const state = context.state.data
  const region = form?.get('region') || url.searchParams.get('region') || context.region
  const existing = state.ses[`${accountId}/${region}`]
  const withTemplates = Object.values(state.ses)
    .filter((ses) => ses.accountId === accountId && Object.keys(ses.templates).length > 0)
    .map((ses) => ses.region)
    .sort()
  const view: TemplatesView = {
    accountId,
    accountName: state.accounts[accountId]?.name ?? accountId,
    region,
    regions: [...new Set([context.region, region, ...withTemplates])],
  }
  if (!existing && !Object.hasOwn(SES_REGION_NAMES, region)) {
    const page = templatesMessagePage(
      { ...view, region: context.region },
      'Unknown region',
      `${region} is not a region where Amazon SES runs.`,
    )
    sendHtml(response, 400, page)
    return true
  }
  const done = (message: string) =>
    redirect(response, `${templatesPath(accountId, region)}&notice=${encodeURIComponent(message)}`)

  if (rest.length === 0 && method === 'GET') {
    sendHtml(response, 200, templatesPage(view, existing, url.searchParams.get('notice') ?? undefined))
    return true
  }
  if (rest.length === 1 && name === 'new' && method === 'GET') {
    sendHtml(response, 200, templateFormPage(view, 'create', { name: '', subject: '', html: '', text: '' }))
    return true
  }
  if (rest.length === 0 && form) {
    const values = formValues(form)
    const parts = templateContent(values)
    const refusal =
      'error' in parts
        ? parts.error
        : (
            await sesRefusal(() =>
              createEmailTemplate(sesAccount(state, accountId, region), context.upstreamUrl, {
                TemplateName: values.name,
                TemplateContent: parts.content,
              }),
            )
          )?.message
    if (refusal) {
      sendHtml(response, 400, templateFormPage(view, 'create', values, refusal))
      return true
    }
    context.state.save()
    done(`Template ${values.name} created.`)
    return true
  }
  // Own keys only: a template may be called `constructor`.
  const template = existing && Object.hasOwn(existing.templates, name) ? existing.templates[name] : undefined
  if (!existing || !template) {
    const page = templatesMessagePage(
      view,
      'Template not found',
      `There is no template ${name} in ${region}.`,
    )
    sendHtml(response, 404, page)
    return true
  }
  if (action === 'edit' && !form)
    sendHtml(response, 200, templateFormPage(view, 'edit', storedValues(template)))
  else if (action === 'delete' && !form) sendHtml(response, 200, deleteTemplatePage(view, template))
  else if (action === 'edit' && form) {
    const values = formValues(form, name)
    const parts = templateContent(values)
    const refusal =
      'error' in parts
        ? parts.error
        : (
            await sesRefusal(() =>
              updateEmailTemplate(existing, context.upstreamUrl, name, { TemplateContent: parts.content }),
            )
          )?.message
    if (refusal) sendHtml(response, 400, templateFormPage(view, 'edit', values, refusal))
    else {
      context.state.save()
      done(`Template ${name} updated.`)
    }
  } else {
    deleteEmailTemplate(existing, name)
    context.state.save()
    done(`Template ${name} deleted.`)
  }
  return true
}
