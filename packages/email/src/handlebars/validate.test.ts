import { describe, expect, it } from 'vitest'
import { validateHandlebars } from './validate'

describe('validateHandlebars', () => {
  it('accepts what SES documents: paths, each, if/else, unless, with, inline partials', () => {
    const source = [
      '{{#* inline "name"}}{{first}}{{/inline}}',
      'Hi {{> name}} {{contact.city}} {{{raw}}}',
      '{{#each items as |item i|}}{{item.sku}} {{@index}}{{else}}none{{/each}}',
      '{{#if a}}x{{else if b}}y{{else}}z{{/if}} {{#unless c}}u{{/unless}} {{#with d}}{{e}}{{/with}}',
      '{{lookup map key}} {{!-- a comment --}}',
    ].join('\n')
    expect(validateHandlebars(source)).toEqual([])
  })

  it('gives the line and column of a parse error', () => {
    expect(validateHandlebars('Hello\n  {{name')).toEqual([
      expect.objectContaining({ code: 'handlebars.syntax', line: 2, column: 5 }),
    ])
    expect(validateHandlebars('ok {{a}} then {{b c=}}')).toEqual([
      { code: 'handlebars.syntax', line: 1, column: 21, message: "Unexpected '}}' in a Handlebars tag" },
    ])
  })

  it('points at the block a closing tag does not match', () => {
    expect(validateHandlebars('<ul>\n  {{#each items}}\n<li>{{/if}}')).toEqual([
      { code: 'handlebars.syntax', line: 2, column: 6, message: "each doesn't match if" },
    ])
  })

  it('says when a block is never closed', () => {
    const [error] = validateHandlebars('{{#if vip}}\nWelcome')
    expect(error).toMatchObject({ code: 'handlebars.syntax', line: 2 })
    expect(error?.message).toMatch(/not closed/)
  })

  it('rejects helpers SES does not have, in mustaches, blocks and sub-expressions', () => {
    const errors = validateHandlebars(
      '{{formatDate date}}\n{{#ifEquals a b}}x{{/ifEquals}}\n{{#if (eq a b)}}y{{/if}}',
    )
    expect(errors.map(({ code, line, column }) => ({ code, line, column }))).toEqual([
      { code: 'handlebars.unknown_helper', line: 1, column: 3 },
      { code: 'handlebars.unknown_helper', line: 2, column: 4 },
      { code: 'handlebars.unknown_helper', line: 3, column: 8 },
    ])
  })

  it('rejects partials defined outside the part, dynamic partials, partial blocks and decorators', () => {
    const codes = (source: string) => validateHandlebars(source).map((error) => error.code)
    expect(codes('{{> footer}}')).toEqual(['handlebars.partial_not_defined'])
    expect(codes('{{> (whichPartial) }}')).toEqual(['handlebars.unsupported'])
    expect(codes('{{#> layout}}x{{/layout}}')).toEqual(['handlebars.unsupported'])
    expect(codes('{{* activate}}')).toEqual(['handlebars.unsupported'])
  })

  it('asks for the value a block helper tests', () => {
    expect(validateHandlebars('{{#each}}x{{/each}}')).toEqual([
      expect.objectContaining({ code: 'handlebars.helper_arguments', line: 1, column: 4 }),
    ])
  })
})
