import { randomUUID } from 'node:crypto'
import { standInError } from './ses-errors'

/** Sends a SES v2 JSON call to aws-ses-v2-local; its refusals become SES-shaped errors. */
export async function callUpstream(
  upstreamUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${upstreamUrl}${path}`, {
    method,
    // It wants some Authorization; we have already checked the caller's signature.
    headers: {
      authorization: 'AWS4-HMAC-SHA256 Credential=LOCALAWS/local-aws',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const payload = Buffer.from(await response.arrayBuffer())
  if (!response.ok) throw standInError(response.status, payload)
  const text = payload.toString('utf8')
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

export interface TemplateParts {
  Subject?: string
  Html?: string
  Text?: string
}

/**
 * Lends a template to aws-ses-v2-local under a throwaway name for one call (its Handlebars check at create time,
 * TestRenderEmailTemplate), so templates themselves stay per account in our state.
 */
export async function withUpstreamTemplate<T>(
  upstreamUrl: string,
  content: TemplateParts,
  use: (name: string) => Promise<T>,
): Promise<T> {
  const name = `local-aws-${randomUUID()}`
  await callUpstream(upstreamUrl, 'POST', '/v2/email/templates', {
    TemplateName: name,
    TemplateContent: content,
  })
  try {
    return await use(name)
  } finally {
    await callUpstream(upstreamUrl, 'DELETE', `/v2/email/templates/${name}`).catch(() => undefined)
  }
}
