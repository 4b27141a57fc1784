import {
  parseSes,
  position,
  SES_RESERVED_VARIABLES,
  type SourcePosition,
  type TemplatePart,
} from './ses-handlebars'
import { isHelperCall, isHelperName } from './validate'

export type TemplateParts = { subject?: string; html?: string; text?: string }

/**
 * A variable a template reads, as a path from the root of the template data: `contact.firstName`, and `[]` for
 * each element of a list iterated with `{{#each}}` (`items[].name`, `tags[]` for `{{this}}` inside the loop).
 * `required`: printed somewhere (`{{path}}`), so SES drops the message when it is absent; a variable only tested
 * (`{{#if}}`, `{{#unless}}`, `{{#each}}`, `{{#with}}`) may be absent. The position is its first use.
 */
export type DetectedVariable = SourcePosition & { path: string; required: boolean; part: TemplatePart }

const PARTS: readonly TemplatePart[] = ['subject', 'html', 'text']
const RESERVED: ReadonlySet<string> = new Set(SES_RESERVED_VARIABLES)

/** The scope a block opens: `base` is the data path of `this` (null when it cannot be known statically). */
type Scope = { base: string | null; blockParams: Record<string, string | null> }

/** Paths known to be present where a statement runs: inside `{{#if path}}` or the else of `{{#unless path}}`. */
type Guards = ReadonlySet<string>

type Use = (path: string | null, required: boolean, node: hbs.AST.Node) => void

export function detectVariables(parts: TemplateParts): DetectedVariable[] {
  const found = new Map<string, DetectedVariable>()
  for (const part of PARTS) {
    const source = parts[part]
    if (!source) continue
    const parsed = parseSes(source)
    if (!parsed.ok) continue
    const use: Use = (path, required, node) => {
      if (path === null || path === '' || RESERVED.has(path)) return
      const seen = found.get(path)
      if (seen) seen.required ||= required
      else found.set(path, { path, required, part, ...position(node.loc) })
    }
    walkProgram(parsed.ast, [{ base: '', blockParams: {} }], new Set(), new Map(), [], use)
  }
  return [...found.values()]
}

function join(base: string, rest: string[]): string {
  if (rest.length === 0) return base
  return base ? `${base}.${rest.join('.')}` : rest.join('.')
}

function resolve(path: hbs.AST.PathExpression, scopes: Scope[]): string | null {
  if (path.data)
    return path.parts[0] === 'root' && path.parts.length > 1 ? path.parts.slice(1).join('.') : null
  const scope = scopes[Math.max(0, scopes.length - 1 - path.depth)] ?? scopes[0]
  const [head, ...rest] = path.parts
  if (path.depth === 0 && head !== undefined && !path.original.startsWith('this')) {
    for (let index = scopes.length - 1; index >= 0; index--) {
      const params = scopes[index]?.blockParams ?? {}
      if (head in params) {
        const base = params[head]
        return base === null || base === undefined ? null : join(base, rest)
      }
    }
  }
  if (!scope || scope.base === null) return null
  return join(scope.base, path.parts)
}

function walkProgram(
  program: hbs.AST.Program,
  scopes: Scope[],
  guards: Guards,
  inherited: Map<string, hbs.AST.Program>,
  expanding: string[],
  use: Use,
): void {
  const partials = new Map(inherited)
  for (const statement of program.body) {
    const decorator = statement as hbs.AST.DecoratorBlock
    const name = decorator.params?.[0]
    if (statement.type === 'DecoratorBlock' && name?.type === 'StringLiteral') {
      partials.set((name as hbs.AST.StringLiteral).value, decorator.program)
    }
  }

  const expression = (node: hbs.AST.Expression, required = false): void => {
    if (node.type !== 'PathExpression') {
      if (node.type === 'SubExpression') callArguments(node as hbs.AST.SubExpression)
      return
    }
    const path = resolve(node as hbs.AST.PathExpression, scopes)
    use(path, required && (path === null || !guards.has(path)), node)
  }
  const callArguments = (
    call: hbs.AST.MustacheStatement | hbs.AST.BlockStatement | hbs.AST.SubExpression,
  ) => {
    if (!isHelperName(call.path)) return
    for (const param of call.params) expression(param)
    for (const pair of call.hash?.pairs ?? []) expression(pair.value)
  }
  const scoped = (base: string | null, blockParams: (string | null)[], program?: hbs.AST.Program) => {
    if (!program) return
    const names = program.blockParams ?? []
    const params = Object.fromEntries(names.map((name, index) => [name, blockParams[index] ?? null]))
    walkProgram(program, [...scopes, { base, blockParams: params }], guards, partials, expanding, use)
  }
  const same = (inner?: hbs.AST.Program, guard?: string | null) => {
    const inside = guard ? new Set([...guards, guard]) : guards
    if (inner) walkProgram(inner, scopes, inside, partials, expanding, use)
  }

  for (const statement of program.body) {
    switch (statement.type) {
      case 'MustacheStatement': {
        const mustache = statement as hbs.AST.MustacheStatement
        if (isHelperCall(mustache)) callArguments(mustache)
        else if (!isHelperName(mustache.path)) expression(mustache.path, true)
        break
      }
      case 'BlockStatement': {
        const block = statement as hbs.AST.BlockStatement
        const helper = isHelperName(block.path) ? (block.path as hbs.AST.PathExpression).original : null
        if (helper === null && !isHelperCall(block)) {
          const base =
            block.path.type === 'PathExpression'
              ? resolve(block.path as hbs.AST.PathExpression, scopes)
              : null
          expression(block.path, true)
          scoped(base, [base], block.program)
          same(block.inverse)
          break
        }
        callArguments(block)
        const first = block.params[0]
        const target =
          first?.type === 'PathExpression' ? resolve(first as hbs.AST.PathExpression, scopes) : null
        if (helper === 'each') {
          const element = target === null || target === '' ? null : `${target}[]`
          scoped(element, [element, null], block.program)
        } else if (helper === 'with') {
          scoped(target === '' ? null : target, [target], block.program)
        } else {
          same(block.program, helper === 'if' ? target : null)
        }
        same(block.inverse, helper === 'unless' ? target : null)
        break
      }
      case 'PartialStatement': {
        const partial = statement as hbs.AST.PartialStatement
        const name =
          partial.name.type === 'PathExpression' ? (partial.name as hbs.AST.PathExpression).original : ''
        const body = partials.get(name)
        for (const pair of partial.hash?.pairs ?? []) expression(pair.value)
        if (!body || expanding.includes(name)) break
        const context = partial.params[0]
        const base =
          context?.type === 'PathExpression'
            ? resolve(context as hbs.AST.PathExpression, scopes)
            : (scopes.at(-1)?.base ?? null)
        if (context) expression(context)
        const innerScopes = [...scopes, { base, blockParams: {} }]
        walkProgram(body, innerScopes, guards, partials, [...expanding, name], use)
        break
      }
      default:
        break
    }
  }
}
