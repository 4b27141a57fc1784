import {
  type HandlebarsLoc,
  type HookLookup,
  LOOKUP_HOOK,
  parseSes,
  SES_RESERVED_VARIABLES,
  type SourcePosition,
  STRICT_HOOK,
  ses,
  type TemplatePart,
} from './ses-handlebars'
import { type HandlebarsError, validateHandlebars } from './validate'
import type { TemplateParts } from './variables'

/** An attribute SES would not find: `path` as written in the template, `name` the step that was absent. */
export type MissingVariable = SourcePosition & { part: TemplatePart; path: string; name: string }

export type RenderError = HandlebarsError & { part: TemplatePart }

export type RenderResult = {
  /** false when SES would not deliver the message (a Rendering Failure event) or reject the template. */
  ok: boolean
  subject?: string
  html?: string
  text?: string
  missing: MissingVariable[]
  errors: RenderError[]
  /** SES's Rendering Failure message for the first missing attribute, e.g. "Attribute 'name' is not present in the rendering data." */
  renderingFailure: string | null
}

export type TemplateData = Record<string, unknown>

const PARTS: readonly TemplatePart[] = ['subject', 'html', 'text']
const RESERVED: ReadonlySet<string> = new Set(SES_RESERVED_VARIABLES)
const compiled = new Map<string, HandlebarsTemplateDelegate>()
const CACHE_SIZE = 200

function own(parent: unknown, name: string): boolean {
  return parent !== null && typeof parent === 'object' && Object.hasOwn(parent, name)
}

function compile(source: string): HandlebarsTemplateDelegate | null {
  const cached = compiled.get(source)
  if (cached) return cached
  const parsed = parseSes(source)
  if (!parsed.ok) return null
  const template = ses.compile(parsed.ast, { strict: true, noEscape: true })
  if (compiled.size >= CACHE_SIZE) compiled.delete(compiled.keys().next().value as string)
  compiled.set(source, template)
  return template
}

function sourceAt(source: string, loc: HandlebarsLoc | undefined): string | null {
  if (!loc || loc.start.line !== loc.end.line) return null
  const line = source.split('\n')[loc.start.line - 1]
  return line?.slice(loc.start.column, loc.end.column) ?? null
}

/**
 * Renders a template's parts with data the way SES does (its guide, "Advanced email personalization"): Handlebars
 * with values inserted as they are (no HTML escaping, in `{{x}}` as in `{{{x}}}`); a printed attribute absent from
 * the data makes SES drop the message, so it is listed in `missing` (and rendered empty, for a preview) instead of
 * silently passing; `{{#if}}`/`{{#each}}`/`{{#with}}`/`{{#unless}}` on an absent attribute take their else branch.
 */
export function renderTemplate(parts: TemplateParts, data: TemplateData): RenderResult {
  const result: RenderResult = { ok: true, missing: [], errors: [], renderingFailure: null }
  const root = data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {}
  for (const part of PARTS) {
    const source = parts[part]
    if (source === undefined) continue
    // SES reports a helper it does not know as a missing attribute ("Attribute 'IF' is not present…"): the render
    // below lists it in `missing`, so it is not repeated as an error.
    const validation = validateHandlebars(source)
    const unknownHelpers = new Set(
      validation
        .filter((error) => error.code === 'handlebars.unknown_helper')
        .map((e) => `${e.line}:${e.column}`),
    )
    const errors = validation.filter((error) => error.code !== 'handlebars.unknown_helper')
    result.errors.push(...errors.map((error) => ({ ...error, part })))
    const template = errors.some((error) => error.code === 'handlebars.syntax') ? null : compile(source)
    if (!template) continue
    const seen = new Set<string>()
    const strict = ({ parent, name, loc }: HookLookup) => {
      if (own(parent, name)) return (parent as Record<string, unknown>)[name]
      if (RESERVED.has(name)) return `{{${name}}}`
      const line = loc?.start.line ?? 1
      const column = (loc?.start.column ?? 0) + 1
      const path = sourceAt(source, loc) ?? name
      const key = `${line}:${column}:${path}`
      if (!seen.has(key)) {
        seen.add(key)
        result.missing.push({ part, path, name, line, column })
      }
      return unknownHelpers.has(`${line}:${column}`) ? () => '' : undefined
    }
    const lookup = ({ parent, name }: HookLookup) =>
      own(parent, name) ? (parent as Record<string, unknown>)[name] : undefined
    try {
      result[part] = template(root, { helpers: { [STRICT_HOOK]: strict, [LOOKUP_HOOK]: lookup } })
    } catch (error) {
      if (errors.length > 0) continue
      const located = error as { lineNumber?: number; column?: number }
      result.errors.push({
        part,
        code: 'handlebars.unsupported',
        message: error instanceof Error ? error.message.replace(/ - \d+:\d+$/, '') : String(error),
        line: located.lineNumber ?? 1,
        column: (located.column ?? 0) + 1,
      })
    }
  }
  const first = result.missing[0]
  result.renderingFailure = first ? `Attribute '${first.name}' is not present in the rendering data.` : null
  result.ok = result.missing.length === 0 && result.errors.length === 0
  return result
}
