import { own, type RenderResult, renderParts, type StrictLookup, type TemplateData } from './render-result'
import { parseSes } from './ses-handlebars'
import type { TemplateParts } from './variables'

/*
 * The browser entry's `renderTemplate`: the Node entry's, without `new Function`.
 *
 * Handlebars.js compiles a template to JavaScript source and evaluates it with `Function`, which the web app's
 * production CSP (`script-src 'self'`, no `'unsafe-eval'`) refuses. This renderer walks the parsed template
 * instead, following the code Handlebars 4.7 generates in strict mode with the Node renderer's two hooks (the
 * strict lookup of `renderParts`; null-safe path steps): values are inserted unescaped, blocks on an absent
 * attribute take their else branch, block params and `../` follow Handlebars' scoping, inline partials are scoped
 * to the block that defines them. `render-without-eval.test.ts` holds it to `render.ts` over the SES guide's
 * examples, Handlebars' scoping corners and every starter.
 */

type Program = hbs.AST.Program
type Expression = hbs.AST.Expression
type PathExpression = hbs.AST.PathExpression
type Loc = hbs.AST.SourceLocation

const KNOWN_HELPERS: ReadonlySet<string> = new Set([
  'helperMissing',
  'blockHelperMissing',
  'each',
  'if',
  'unless',
  'with',
  'log',
  'lookup',
])

type DataFrame = Record<string, unknown>

interface Scope {
  context: unknown
  data: DataFrame
  /** Handlebars' `depths`: the contexts of enclosing blocks that changed the context, innermost first. */
  depths: unknown[]
  /** Per enclosing program, innermost first: the names it declares (`as |a b|`) and the values passed. */
  blockParams: { names: string[] | undefined; values: unknown[] | undefined }[]
  partials: ReadonlyMap<string, InlinePartial>
}

interface InlinePartial {
  program: Program
  depths: unknown[]
  blockParams: Scope['blockParams']
}

interface Invocation {
  data?: DataFrame | undefined
  blockParams?: unknown[] | undefined
}

type ProgramFn = (context: unknown, options?: Invocation) => string

interface HelperOptions {
  fn: ProgramFn
  inverse: ProgramFn
  hash: Record<string, unknown>
  data: DataFrame
}

class RenderFailure extends Error {}

/** Handlebars' runtime `lookupProperty`: own properties only, and a TypeError on a missing parent, as there. */
function lookupProperty(parent: unknown, name: string): unknown {
  const value = (parent as Record<string, unknown>)[name]
  if (value === null || value === undefined) return value
  return Object.hasOwn(Object(parent), name) ? value : undefined
}

function isEmpty(value: unknown): boolean {
  if (!value && value !== 0) return true
  return Array.isArray(value) && value.length === 0
}

function createFrame(parent: DataFrame): DataFrame {
  return { ...parent, _parent: parent }
}

/** Handlebars adds a depth only when a block's context differs (loosely, as its runtime compares) from the last. */
function changesContext(depths: unknown[], context: unknown): boolean {
  // biome-ignore lint/suspicious/noDoubleEquals: Handlebars' runtime compares with != here
  return depths.length > 0 && context != depths[0]
}

function literalPath(expression: Expression): PathExpression {
  const literal = expression as hbs.AST.Literal & { original?: unknown; loc: Loc }
  const original = String(literal.original ?? (literal as { value?: unknown }).value)
  return { type: 'PathExpression', data: false, depth: 0, parts: [original], original, loc: literal.loc }
}

const isScoped = (path: PathExpression) => /^\.|this\b/.test(path.original)
const isSimpleId = (path: PathExpression) => path.parts.length === 1 && !isScoped(path) && !path.depth

function renderPart(source: string, root: TemplateData, strict: StrictLookup): string | null {
  const contextLookup = (parent: unknown, name: string) =>
    own(parent, name) ? (parent as Record<string, unknown>)[name] : undefined

  function blockParamIndex(scope: Scope, name: string): [number, number] | undefined {
    for (let depth = 0; depth < scope.blockParams.length; depth += 1) {
      const index = scope.blockParams[depth]?.names?.indexOf(name) ?? -1
      if (index >= 0) return [depth, index]
    }
    return undefined
  }

  function evalPath(path: PathExpression, scope: Scope, strictTerminal: boolean): unknown {
    const [first] = path.parts
    const blockParam = !path.depth && !isScoped(path) && first !== undefined && blockParamIndex(scope, first)
    if (blockParam) {
      let value = scope.blockParams[blockParam[0]]?.values?.[blockParam[1]]
      for (const step of path.parts.slice(1)) value = contextLookup(value, step)
      return value
    }
    if (first === undefined) return path.depth ? scope.depths[path.depth] : scope.context
    if (path.data) {
      let value: unknown = scope.data
      for (let depth = 0; depth < path.depth; depth += 1) value = (value as DataFrame)._parent
      return resolve(value, path, strictTerminal, lookupProperty)
    }
    const base = path.depth ? scope.depths[path.depth] : scope.context
    return resolve(base, path, strictTerminal, contextLookup)
  }

  function resolve(
    base: unknown,
    path: PathExpression,
    strictTerminal: boolean,
    step: (parent: unknown, name: string) => unknown,
  ): unknown {
    const parts = path.parts
    const last = strictTerminal ? parts.length - 1 : parts.length
    let value = base
    for (let index = 0; index < last; index += 1) value = step(value, parts[index] as string)
    return strictTerminal ? strict(value, parts[last] as string, path.loc) : value
  }

  function evalExpression(expression: Expression, scope: Scope): unknown {
    switch (expression.type) {
      case 'PathExpression':
        return evalPath(expression as PathExpression, scope, false)
      case 'SubExpression':
        return evalCall(expression as hbs.AST.SubExpression, scope, undefined, undefined)
      case 'StringLiteral':
      case 'NumberLiteral':
      case 'BooleanLiteral':
        return (expression as hbs.AST.StringLiteral).value
      case 'NullLiteral':
        return null
      default:
        return undefined
    }
  }

  function program(body: Program | undefined, scope: Scope): ProgramFn {
    if (!body) return () => ''
    return (context, options = {}) => {
      const depths = changesContext(scope.depths, context) ? [context, ...scope.depths] : scope.depths
      return runProgram(body, {
        context,
        data: options.data ?? scope.data,
        depths,
        blockParams: [{ names: body.blockParams, values: options.blockParams }, ...scope.blockParams],
        partials: scope.partials,
      })
    }
  }

  function callHelper(
    name: string,
    self: unknown,
    params: unknown[],
    options: HelperOptions,
    scope: Scope,
  ): unknown {
    switch (name) {
      case 'if':
      case 'unless': {
        if (params.length !== 1) throw new RenderFailure(`#${name} requires exactly one argument`)
        const [condition] = params
        const isFalse = (!options.hash.includeZero && !condition) || isEmpty(condition)
        const showInverse = name === 'if' ? isFalse : !isFalse
        return showInverse ? options.inverse(self) : options.fn(self)
      }
      case 'with': {
        if (params.length !== 1) throw new RenderFailure('#with requires exactly one argument')
        const [context] = params
        return isEmpty(context)
          ? options.inverse(self)
          : options.fn(context, { data: options.data, blockParams: [context] })
      }
      case 'each':
        if (params.length === 0) throw new RenderFailure('Must pass iterator to #each')
        return each(params[0], options, self)
      case 'lookup': {
        const [object, field] = params
        if (!object) return object
        return lookupProperty(object, String(field))
      }
      case 'log':
        return undefined
      case 'blockHelperMissing':
        return blockHelperMissing(self, params[0], options, scope)
      default:
        return undefined
    }
  }

  function each(context: unknown, options: HelperOptions, self: unknown): string {
    let output = ''
    let index = 0
    const data = createFrame(options.data)
    const iterate = (field: string | number, at: number, last: boolean) => {
      data.key = field
      data.index = at
      data.first = at === 0
      data.last = last
      const value = (context as Record<string | number, unknown>)[field]
      output += options.fn(value, { data, blockParams: [value, field] })
    }
    if (context && typeof context === 'object') {
      if (Array.isArray(context)) {
        for (; index < context.length; index += 1) {
          if (index in context) iterate(index, index, index === context.length - 1)
        }
      } else {
        const keys = Object.keys(context)
        for (; index < keys.length; index += 1)
          iterate(keys[index] as string, index, index === keys.length - 1)
      }
    }
    return index === 0 ? options.inverse(self) : output
  }

  function blockHelperMissing(self: unknown, value: unknown, options: HelperOptions, scope: Scope): unknown {
    if (value === true) return options.fn(self)
    if (value === false || value === null || value === undefined) return options.inverse(self)
    if (Array.isArray(value)) {
      return value.length > 0 ? callHelper('each', self, [value], options, scope) : options.inverse(self)
    }
    return options.fn(value)
  }

  type Call = hbs.AST.MustacheStatement | hbs.AST.BlockStatement | hbs.AST.SubExpression

  /** A mustache, block or sub-expression, classified as Handlebars' compiler does (helper, ambiguous, simple). */
  function evalCall(
    node: Call,
    scope: Scope,
    body: Program | undefined,
    inverse: Program | undefined,
  ): unknown {
    const path = (node.path.type === 'PathExpression' ? node.path : literalPath(node.path)) as PathExpression
    const isBlock = node.type === 'BlockStatement'
    const simple = isSimpleId(path)
    const isBlockParam = simple && Boolean(blockParamIndex(scope, path.parts[0] as string))
    const hasArguments =
      node.type === 'SubExpression' || node.params.length > 0 || Boolean(node.hash?.pairs.length)
    const name = path.parts[0] ?? ''
    const isHelper = !isBlockParam && (hasArguments || (simple && KNOWN_HELPERS.has(name)))
    const options = (): HelperOptions => ({
      fn: program(body, scope),
      inverse: program(inverse, scope),
      hash: Object.fromEntries(
        (node.hash?.pairs ?? []).map((pair) => [pair.key, evalExpression(pair.value, scope)]),
      ),
      data: scope.data,
    })

    if (isHelper) {
      const params = node.params.map((param) => evalExpression(param, scope))
      if (KNOWN_HELPERS.has(name)) return callHelper(name, scope.context, params, options(), scope)
      const helper = evalPath(path, scope, true)
      if (typeof helper !== 'function') throw new TypeError(`${path.original} is not a function`)
      return (helper as () => unknown)()
    }
    const value = evalPath(path, scope, true)
    if (!isBlock) return value
    return blockHelperMissing(scope.context, value, options(), scope)
  }

  function runProgram(body: Program, outer: Scope): string {
    let scope = outer
    const defined = body.body.filter(
      (statement): statement is hbs.AST.DecoratorBlock =>
        statement.type === 'DecoratorBlock' &&
        ((statement as hbs.AST.DecoratorBlock).path as PathExpression).original === 'inline',
    )
    if (defined.length > 0) {
      const partials = new Map(outer.partials)
      scope = { ...outer, partials }
      for (const decorator of defined) {
        const name = evalExpression(decorator.params[0] as Expression, outer)
        partials.set(String(name), {
          program: decorator.program,
          depths: outer.depths,
          blockParams: outer.blockParams,
        })
      }
    }

    let output = ''
    for (const statement of body.body) output += renderStatement(statement, scope)
    return output
  }

  function print(value: unknown): string {
    return value === null || value === undefined ? '' : String(value)
  }

  function renderStatement(statement: hbs.AST.Statement, scope: Scope): string {
    switch (statement.type) {
      case 'ContentStatement':
        return (statement as hbs.AST.ContentStatement).value
      case 'MustacheStatement':
        return print(evalCall(statement as hbs.AST.MustacheStatement, scope, undefined, undefined))
      case 'BlockStatement': {
        const block = statement as hbs.AST.BlockStatement
        return print(evalCall(block, scope, block.program, block.inverse))
      }
      case 'PartialStatement':
        return renderPartial(statement as hbs.AST.PartialStatement, scope)
      default:
        return ''
    }
  }

  function renderPartial(statement: hbs.AST.PartialStatement, scope: Scope): string {
    const name = (statement.name as PathExpression).original
    const partial = scope.partials.get(name)
    if (!partial) throw new RenderFailure(`The partial ${name} could not be found`)
    if (statement.params.length > 1) throw new RenderFailure('Unsupported number of partial arguments')
    const [param] = statement.params
    let context = param ? evalExpression(param, scope) : scope.context
    if (statement.hash?.pairs.length) {
      context = {
        ...(context as object),
        ...Object.fromEntries(
          statement.hash.pairs.map((pair) => [pair.key, evalExpression(pair.value, scope)]),
        ),
      }
    }
    const depths = changesContext(partial.depths, context) ? [context, ...partial.depths] : partial.depths
    let output = runProgram(partial.program, {
      context,
      data: scope.data,
      depths,
      blockParams: [{ names: partial.program.blockParams, values: undefined }, ...partial.blockParams],
      partials: scope.partials,
    })
    const indent = (statement as { indent?: string }).indent
    if (indent) {
      const lines = output.split('\n')
      for (let index = 0; index < lines.length; index += 1) {
        if (!lines[index] && index + 1 === lines.length) break
        lines[index] = indent + lines[index]
      }
      output = lines.join('\n')
    }
    return output
  }

  const parsed = parseSes(source)
  if (!parsed.ok) return null
  const ast = parsed.ast
  return runProgram(ast, {
    context: root,
    data: { root },
    depths: [root],
    blockParams: [{ names: ast.blockParams, values: undefined }],
    partials: new Map(),
  })
}

/** `renderTemplate` of the Node entry, same parts, data and result, rendered without evaluating code. */
export function renderTemplate(parts: TemplateParts, data: TemplateData): RenderResult {
  return renderParts(parts, data, renderPart)
}
