import { AwsError } from '../protocol'
import type { SesAccountState, StoredTemplate } from '../state'
import { page } from './paging'
import { alreadyExists, badRequest, notFound } from './ses-errors'
import { callUpstream, type TemplateParts, withUpstreamTemplate } from './upstream'

const NAME = /^[A-Za-z0-9_-]{1,64}$/
const MAX_TEMPLATE_BYTES = 500 * 1024
const MAX_TEMPLATES = 20_000

/**
 * The stored template of that name. Templates live in a plain (JSON-persisted) object and SES names such as
 * `constructor` or `__proto__` are valid, so only the object's own keys count and writes define the key.
 */
function storedTemplate(account: SesAccountState, name: string): StoredTemplate | undefined {
  return Object.hasOwn(account.templates, name) ? account.templates[name] : undefined
}

export function requireTemplate(account: SesAccountState, name: string): StoredTemplate {
  const template = storedTemplate(account, name)
  if (!template) throw notFound(`Template ${name} does not exist.`)
  return template
}

/** Checks a template's parts like SES does at create time; aws-ses-v2-local's Handlebars judges the syntax. */
async function validContent(upstreamUrl: string, input: unknown): Promise<TemplateParts> {
  if (!input || typeof input !== 'object') throw badRequest('TemplateContent is required.')
  const { Subject, Html, Text } = input as Record<string, unknown>
  const parts = { Subject, Html, Text }
  for (const [key, value] of Object.entries(parts))
    if (value !== undefined && typeof value !== 'string') throw badRequest(`${key} must be a string.`)
  const content = Object.fromEntries(
    Object.entries(parts).filter(([, value]) => value !== undefined),
  ) as TemplateParts
  const size = Buffer.byteLength(JSON.stringify(content))
  if (size > MAX_TEMPLATE_BYTES) throw badRequest('Template size exceeds 500 KB.')
  await withUpstreamTemplate(upstreamUrl, content, async () => undefined)
  return content
}

export async function createEmailTemplate(
  account: SesAccountState,
  upstreamUrl: string,
  input: Record<string, unknown>,
): Promise<void> {
  const name = input.TemplateName
  if (typeof name !== 'string' || !NAME.test(name))
    throw badRequest('TemplateName must be 1-64 letters, digits, underscores or dashes.')
  if (storedTemplate(account, name)) throw alreadyExists(`Template ${name} already exists.`)
  if (Object.keys(account.templates).length >= MAX_TEMPLATES)
    throw new AwsError(400, 'LimitExceededException', 'Maximum number of templates reached.')
  const content = await validContent(upstreamUrl, input.TemplateContent)
  const template: StoredTemplate = { name, content, createdAt: Date.now() / 1000 }
  Object.defineProperty(account.templates, name, {
    value: template,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

export async function updateEmailTemplate(
  account: SesAccountState,
  upstreamUrl: string,
  name: string,
  input: Record<string, unknown>,
): Promise<void> {
  const template = requireTemplate(account, name)
  template.content = await validContent(upstreamUrl, input.TemplateContent)
}

export function getEmailTemplate(account: SesAccountState, name: string) {
  const template = requireTemplate(account, name)
  return { TemplateName: template.name, TemplateContent: template.content }
}

export function listEmailTemplates(account: SesAccountState, query: URLSearchParams) {
  const { items, nextToken } = page(
    Object.values(account.templates).sort((a, b) => a.createdAt - b.createdAt),
    query,
    { defaultSize: 10, maxSize: 100 },
  )
  return {
    TemplatesMetadata: items.map((template) => ({
      TemplateName: template.name,
      CreatedTimestamp: template.createdAt,
    })),
    ...(nextToken ? { NextToken: nextToken } : {}),
  }
}

export function deleteEmailTemplate(account: SesAccountState, name: string): void {
  requireTemplate(account, name)
  delete account.templates[name]
}

export async function testRenderEmailTemplate(
  account: SesAccountState,
  upstreamUrl: string,
  name: string,
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const template = requireTemplate(account, name)
  return withUpstreamTemplate(upstreamUrl, template.content, (lent) =>
    callUpstream(upstreamUrl, 'POST', `/v2/email/templates/${lent}/render`, input),
  )
}

/**
 * A send's `Template` by name (or ARN) becomes the account's stored content, inline, so aws-ses-v2-local renders
 * this account's template and never another's.
 */
export function inlineTemplate(
  account: SesAccountState,
  template: Record<string, unknown> | undefined,
): void {
  if (!template) return
  const arnName =
    typeof template.TemplateArn === 'string' ? /:template\/(.+)$/.exec(template.TemplateArn)?.[1] : undefined
  const name = typeof template.TemplateName === 'string' ? template.TemplateName : arnName
  if (!name) return
  template.TemplateContent = requireTemplate(account, name).content
  delete template.TemplateName
  delete template.TemplateArn
}
