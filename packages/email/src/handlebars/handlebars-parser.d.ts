/// <reference types="handlebars" />
// Handlebars' parser module, without its compiler (it has no types of its own).
declare module 'handlebars/dist/cjs/handlebars/compiler/base.js' {
  export function parse(input: string): hbs.AST.Program
  export const parser: { lexer: { yylloc?: { first_line: number; first_column: number } } }
}
