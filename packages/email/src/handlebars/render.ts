// The Node entry's renderer: Handlebars itself, compiled (with `new Function`) and cached. The browser entry
// renders with `render-without-eval.ts`, held to this one by its tests.
import Handlebars from 'handlebars'
import { own, type RenderResult, renderParts, type TemplateData } from './render-result'
import { type HandlebarsLoc, parseSes } from './ses-handlebars'
import type { TemplateParts } from './variables'

const STRICT_HOOK = '__sesStrict'
const LOOKUP_HOOK = '__sesLookup'

type HookLookup = { parent: unknown; name: string; loc?: HandlebarsLoc }

type CompilerPrototype = {
  aliasable(name: string): unknown
  nameLookup(parent: unknown, name: string, type?: string): unknown
  quotedString(value: string): string
  compiler: unknown
}

/**
 * Our own Handlebars instance, compiled in strict mode with two hooks instead of Handlebars' fixed behaviour:
 * - a strict lookup (a value printed by `{{path}}`, an ambiguous `{{#path}}` block, a helper name) that records a
 *   missing attribute and goes on, so one render lists every attribute SES would report missing;
 * - null-safe path steps, so `{{#if a.b}}` without `a` is false instead of a TypeError.
 * Both are read from the render's helpers, so a render's state never leaks into another.
 */
function createEnvironment(): typeof Handlebars {
  const hb = Handlebars.create()
  const env = hb as unknown as { JavaScriptCompiler: new () => CompilerPrototype }
  const Base = env.JavaScriptCompiler
  function SesCompiler(this: CompilerPrototype) {}
  const proto: CompilerPrototype = Object.create(Base.prototype)
  // Runtime helpers are wrapped to receive `lookupProperty` on their last argument, so the hooks take one object.
  const strictCall = `((h) => (parent, name, loc) => h.${STRICT_HOOK}({ parent, name, loc }))(helpers)`
  proto.aliasable = function (name) {
    return Base.prototype.aliasable.call(this, name === 'container.strict' ? strictCall : name)
  }
  proto.nameLookup = function (parent, name, type) {
    if (type !== 'context') return Base.prototype.nameLookup.call(this, parent, name, type)
    return [
      this.aliasable(`helpers.${LOOKUP_HOOK}`),
      '({ parent: ',
      parent,
      ', name: ',
      this.quotedString(name),
      ' })',
    ]
  }
  proto.compiler = SesCompiler
  SesCompiler.prototype = proto
  env.JavaScriptCompiler = SesCompiler as unknown as new () => CompilerPrototype
  return hb
}

const ses = createEnvironment()
const compiled = new Map<string, HandlebarsTemplateDelegate>()
const CACHE_SIZE = 200

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

const lookup = ({ parent, name }: HookLookup) =>
  own(parent, name) ? (parent as Record<string, unknown>)[name] : undefined

/**
 * Renders a template's parts with data the way SES does (its guide, "Advanced email personalization"): Handlebars
 * with values inserted as they are (no HTML escaping, in `{{x}}` as in `{{{x}}}`); a printed attribute absent from
 * the data makes SES drop the message, so it is listed in `missing` (and rendered empty, for a preview) instead of
 * silently passing; `{{#if}}`/`{{#each}}`/`{{#with}}`/`{{#unless}}` on an absent attribute take their else branch.
 */
export function renderTemplate(parts: TemplateParts, data: TemplateData): RenderResult {
  return renderParts(parts, data, (source, root, strict) => {
    const template = compile(source)
    if (!template) return null
    const strictHook = ({ parent, name, loc }: HookLookup) => strict(parent, name, loc)
    return template(root, { helpers: { [STRICT_HOOK]: strictHook, [LOOKUP_HOOK]: lookup } })
  })
}
