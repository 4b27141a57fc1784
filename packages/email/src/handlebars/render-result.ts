import {
  type HandlebarsLoc,
  SES_RESERVED_VARIABLES,
  type SourcePosition,
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

/** A printed value's last step: the value when `parent` has it, otherwise recorded as missing. */
export type StrictLookup = (parent: unknown, name: string, loc: HandlebarsLoc | undefined) => unknown

/** Renders one part that parses; `null` when it cannot be rendered (the errors are already reported). */
export type PartRenderer = (source: string, root: TemplateData, strict: StrictLookup) => string | null

const PARTS: readonly TemplatePart[] = ['subject', 'html', 'text']
const RESERVED: ReadonlySet<string> = new Set(SES_RESERVED_VARIABLES)

export function own(parent: unknown, name: string): boolean {
  return parent !== null && typeof parent === 'object' && Object.hasOwn(parent, name)
}

function sourceAt(source: string, loc: HandlebarsLoc | undefined): string | null {
  if (!loc || loc.start.line !== loc.end.line) return null
  const line = source.split('\n')[loc.start.line - 1]
  return line?.slice(loc.start.column, loc.end.column) ?? null
}

/**
 * What both renderers share (the Node entry's compiles Handlebars, the browser entry's walks the parsed template):
 * validation, the strict lookup that lists what SES would report missing, and the result. A printed attribute
 * absent from the data makes SES drop the message, so it is listed in `missing` (and rendered empty, for a
 * preview) instead of silently passing.
 */
export function renderParts(
  parts: TemplateParts,
  data: TemplateData,
  renderPart: PartRenderer,
): RenderResult {
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
    if (errors.some((error) => error.code === 'handlebars.syntax')) continue
    const seen = new Set<string>()
    const strict: StrictLookup = (parent, name, loc) => {
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
    try {
      const rendered = renderPart(source, root, strict)
      if (rendered !== null) result[part] = rendered
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
