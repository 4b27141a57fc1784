import { parseSes, position, SES_HELPERS, type SourcePosition } from './ses-handlebars'

export const HANDLEBARS_ERROR_CODES = [
  'handlebars.syntax',
  'handlebars.unknown_helper',
  'handlebars.helper_arguments',
  'handlebars.partial_not_defined',
  'handlebars.unsupported',
] as const
export type HandlebarsErrorCode = (typeof HANDLEBARS_ERROR_CODES)[number]

export type HandlebarsError = SourcePosition & { code: HandlebarsErrorCode; message: string }

type Node = hbs.AST.Node
type Expression = hbs.AST.Expression
type CallNode = hbs.AST.MustacheStatement | hbs.AST.BlockStatement | hbs.AST.SubExpression

const HELPERS: ReadonlySet<string> = new Set(SES_HELPERS)
const NEEDS_ARGUMENT: ReadonlySet<string> = new Set(['if', 'unless', 'each', 'with', 'lookup'])

export function isSimplePath(expression: Expression): expression is hbs.AST.PathExpression {
  const path = expression as hbs.AST.PathExpression
  return path.type === 'PathExpression' && !path.data && path.depth === 0 && path.parts.length === 1
}

export function isHelperName(expression: Expression): boolean {
  return isSimplePath(expression) && HELPERS.has((expression as hbs.AST.PathExpression).original)
}

export function isHelperCall(node: CallNode): boolean {
  return node.type === 'SubExpression' || node.params.length > 0 || Boolean(node.hash?.pairs.length)
}

/**
 * Checks one part (subject, HTML or text) against what SES renders: Handlebars syntax, then the constructs SES
 * cannot run: helpers other than Handlebars' built-ins, partials not defined inline in the same part, dynamic
 * partials, partial blocks and decorators other than `{{#* inline}}`. Lines and columns are 1-based.
 */
export function validateHandlebars(source: string): HandlebarsError[] {
  const parsed = parseSes(source)
  if (!parsed.ok) return [{ code: 'handlebars.syntax', ...parsed.error }]
  const inlinePartials = new Set<string>()
  collectInlinePartials(parsed.ast, inlinePartials)
  const errors: HandlebarsError[] = []
  const report = (code: HandlebarsErrorCode, node: Node, message: string) =>
    errors.push({ code, message, ...position(node.loc) })

  const checkCall = (node: CallNode) => {
    const name = (node.path as hbs.AST.PathExpression).original ?? ''
    if (/^__ses/.test(name)) report('handlebars.unsupported', node.path, `'${name}' is reserved`)
    else if (isHelperCall(node) && !isHelperName(node.path)) {
      report(
        'handlebars.unknown_helper',
        node.path,
        `SES has no helper '${name}': only Handlebars' built-in helpers (${SES_HELPERS.join(', ')}) work`,
      )
    } else if (isHelperName(node.path) && NEEDS_ARGUMENT.has(name) && node.params.length === 0) {
      report('handlebars.helper_arguments', node.path, `'${name}' needs a value, e.g. {{#${name} something}}`)
    }
  }

  const visit = (node: Node | undefined | null): void => {
    if (!node) return
    switch (node.type) {
      case 'Program':
        for (const statement of (node as hbs.AST.Program).body) visit(statement)
        return
      case 'MustacheStatement':
      case 'SubExpression': {
        const call = node as hbs.AST.MustacheStatement | hbs.AST.SubExpression
        checkCall(call)
        visitArguments(call)
        return
      }
      case 'BlockStatement': {
        const block = node as hbs.AST.BlockStatement
        checkCall(block)
        visitArguments(block)
        visit(block.program)
        visit(block.inverse)
        return
      }
      case 'PartialStatement': {
        const partial = node as hbs.AST.PartialStatement
        if (partial.name.type !== 'PathExpression') {
          report('handlebars.unsupported', partial, 'SES supports only inline partials called by name')
        } else {
          const name = (partial.name as hbs.AST.PathExpression).original
          if (!inlinePartials.has(name)) {
            report(
              'handlebars.partial_not_defined',
              partial,
              `Partial '${name}' is not defined in this part: define it with {{#* inline "${name}"}}…{{/inline}} in the same part`,
            )
          }
        }
        for (const param of partial.params) visit(param)
        for (const pair of partial.hash?.pairs ?? []) visit(pair.value)
        return
      }
      case 'PartialBlockStatement':
        report('handlebars.unsupported', node, 'Partial blocks ({{#> name}}) are not supported by SES')
        return
      case 'DecoratorBlock': {
        const decorator = node as hbs.AST.DecoratorBlock
        if ((decorator.path as hbs.AST.PathExpression).original !== 'inline') {
          report(
            'handlebars.unsupported',
            decorator,
            'Only inline partial decorators ({{#* inline}}) are supported',
          )
        }
        visit(decorator.program)
        return
      }
      case 'Decorator':
        report('handlebars.unsupported', node, 'Decorators are not supported by SES')
        return
      default:
        return
    }
  }
  const visitArguments = (call: CallNode) => {
    for (const param of call.params) visit(param)
    for (const pair of call.hash?.pairs ?? []) visit(pair.value)
  }

  visit(parsed.ast)
  return errors
}

export function collectInlinePartials(program: hbs.AST.Program, into: Set<string>): void {
  for (const statement of program.body) {
    if (statement.type === 'DecoratorBlock') {
      const decorator = statement as hbs.AST.DecoratorBlock
      const name = decorator.params[0]
      if (
        (decorator.path as hbs.AST.PathExpression).original === 'inline' &&
        name?.type === 'StringLiteral'
      ) {
        into.add((name as hbs.AST.StringLiteral).value)
      }
    }
    const block = statement as Partial<hbs.AST.BlockStatement>
    if (block.program) collectInlinePartials(block.program, into)
    if (block.inverse) collectInlinePartials(block.inverse, into)
  }
}
