import { TEMPLATE_NAME_PATTERN, TemplateNameSchema } from '@app/contracts'

const MAX = 64

/** Why SES would refuse this name, or undefined when it is valid. */
export function templateNameProblem(name: string): string | undefined {
  if (!name.trim()) return 'Name the template.'
  const parsed = TemplateNameSchema.safeParse(name)
  return parsed.success ? undefined : parsed.error.issues[0]?.message
}

/** What someone probably meant: spaces and other characters SES refuses become `-`. */
export function suggestTemplateName(input: string): string {
  const cleaned = input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
  return cleaned.slice(0, MAX) || 'template'
}

/** A free name for a copy: `name-copy`, then `name-copy-2`…, never over SES's 64 characters. */
export function copyName(name: string, taken: ReadonlySet<string> = new Set()): string {
  for (let attempt = 1; attempt < 1000; attempt += 1) {
    const suffix = attempt === 1 ? '-copy' : `-copy-${attempt}`
    const candidate = `${name.slice(0, MAX - suffix.length)}${suffix}`
    if (!taken.has(candidate) && TEMPLATE_NAME_PATTERN.test(candidate)) return candidate
  }
  return `${name.slice(0, MAX - 5)}-copy`
}

/** A name for a new template from a starter, not yet used in the organization. */
export function uniqueName(base: string, taken: ReadonlySet<string>): string {
  const name = suggestTemplateName(base)
  if (!taken.has(name)) return name
  for (let attempt = 2; attempt < 1000; attempt += 1) {
    const suffix = `-${attempt}`
    const candidate = `${name.slice(0, MAX - suffix.length)}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
  return name
}
