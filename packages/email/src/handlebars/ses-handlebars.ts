/// <reference path="./handlebars-parser.d.ts" />
// Handlebars' parser alone: its compiler evaluates generated code (`new Function`), which the browser's CSP refuses.
import { parse, parser } from 'handlebars/dist/cjs/handlebars/compiler/base.js'

/** The parts of an SES template. SES renders each part on its own (inline partials do not cross parts). */
export type TemplatePart = 'subject' | 'html' | 'text'

/** A position in a part's source: 1-based line and column. */
export type SourcePosition = { line: number; column: number }

/**
 * Handlebars' built-in helpers. The SES guide documents `each`, `if` (with `else`), inline partials and nested
 * paths, and points to Handlebars' built-in helpers for the rest; SES has no way to register custom helpers.
 */
export const SES_HELPERS = ['if', 'unless', 'each', 'with', 'lookup', 'log'] as const

/**
 * With SES list management, SES fills `{{amazonSESUnsubscribeUrl}}` itself, so it is never template data.
 */
export const SES_RESERVED_VARIABLES = ['amazonSESUnsubscribeUrl'] as const

export type HandlebarsLoc = { start: { line: number; column: number }; end: { line: number; column: number } }

export type HandlebarsProgram = hbs.AST.Program

export type ParseResult =
  | { ok: true; ast: HandlebarsProgram }
  | { ok: false; error: { line: number; column: number; message: string } }

const TOKEN_NAMES: Record<string, string> = {
  CLOSE: "'}}'",
  CLOSE_UNESCAPED: "'}}}'",
  OPEN_SEXPR: "'('",
  CLOSE_SEXPR: "')'",
  EQUALS: "'='",
  OPEN: "'{{'",
}

function parseErrorMessage(raw: string): string {
  const got = /got '([A-Z_]+)'$/.exec(raw)?.[1]
  if (got === 'EOF')
    return 'Unexpected end of the template: a {{#block}} is not closed, or a tag is cut short'
  if (got === 'INVALID') return 'A Handlebars tag is not closed or holds an invalid character'
  if (got) return `Unexpected ${TOKEN_NAMES[got] ?? got} in a Handlebars tag`
  return raw.split('\n')[0] ?? raw
}

/**
 * Parses a part the way Handlebars does (including standalone-line and `~` whitespace control), with SES's one
 * documented difference: the newline right after an inline partial's `{{/inline}}` "isn't rendered".
 */
export function parseSes(source: string): ParseResult {
  try {
    const ast = parse(source)
    dropNewlineAfterInlinePartials(ast)
    return { ok: true, ast }
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error)
    const located = error as { lineNumber?: number; column?: number }
    if (typeof located.lineNumber === 'number' && typeof located.column === 'number') {
      return {
        ok: false,
        error: {
          line: located.lineNumber,
          column: located.column + 1,
          message: raw.replace(/ - \d+:\d+$/, ''),
        },
      }
    }
    const at = parser.lexer.yylloc
    return {
      ok: false,
      error: {
        line: at?.first_line ?? 1,
        column: (at?.first_column ?? 0) + 1,
        message: parseErrorMessage(raw),
      },
    }
  }
}

function dropNewlineAfterInlinePartials(program: HandlebarsProgram): void {
  const body = program.body
  body.forEach((statement, index) => {
    const next = body[index + 1]
    if (statement.type === 'DecoratorBlock' && next?.type === 'ContentStatement') {
      const content = next as unknown as { value: string; original: string }
      // Only when Handlebars' own whitespace control (standalone line, `~`) left the content untouched.
      if (content.value === content.original) content.value = content.value.replace(/^\r?\n/, '')
    }
    for (const child of childPrograms(statement)) dropNewlineAfterInlinePartials(child)
  })
}

export function childPrograms(statement: hbs.AST.Statement): HandlebarsProgram[] {
  const block = statement as Partial<hbs.AST.BlockStatement>
  return [block.program, block.inverse].filter((program): program is HandlebarsProgram => Boolean(program))
}

export function position(loc: hbs.AST.SourceLocation | HandlebarsLoc | undefined): SourcePosition {
  return { line: loc?.start.line ?? 1, column: (loc?.start.column ?? 0) + 1 }
}
