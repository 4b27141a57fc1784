import { renderTemplate } from '@app/email'

type Json = Record<string, unknown>

/** The `failure` object of SES's Rendering Failure event. */
export interface RenderingFailure {
  errorMessage: string
  templateName?: string
}

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

function parseData(data: unknown): Json | undefined {
  if (typeof data !== 'string' || data === '') return {}
  try {
    const parsed: unknown = JSON.parse(data)
    return isObject(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

/** An entry's replacement data over the default data, key by key (nested objects too), as the delivery renders. */
function merged(base: Json, over: Json): Json {
  const result: Json = { ...base }
  for (const [key, value] of Object.entries(over)) {
    const under = result[key]
    result[key] = isObject(under) && isObject(value) ? merged(under, value) : value
  }
  return result
}

/**
 * Why SES would drop this templated message: a variable the template prints that the data lacks. SES accepts the
 * send (a MessageId, status SUCCESS), delivers nothing and publishes a Rendering Failure event. Undefined when the
 * message renders — or when the data is not JSON, which the delivery refuses as a bad request itself.
 */
export function renderingFailure(
  template: Json,
  templateName: string | undefined,
  replacementData?: unknown,
): RenderingFailure | undefined {
  const content = isObject(template.TemplateContent) ? template.TemplateContent : undefined
  if (!content) return undefined
  const base = parseData(template.TemplateData)
  const over = replacementData === undefined ? {} : parseData(replacementData)
  if (!base || !over) return undefined
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const result = renderTemplate(
    { subject: text(content.Subject), html: text(content.Html), text: text(content.Text) },
    merged(base, over),
  )
  if (!result.renderingFailure) return undefined
  return { errorMessage: result.renderingFailure, ...(templateName ? { templateName } : {}) }
}
