import { describe, expect, it } from 'vitest'
import { detectVariables } from './variables'

const paths = (parts: Parameters<typeof detectVariables>[0]) =>
  detectVariables(parts).map(({ path, required }) => `${path}${required ? '' : '?'}`)

describe('detectVariables', () => {
  it('finds plain and nested paths in every part, once each, in order', () => {
    expect(
      paths({ subject: 'Hi {{firstName}}', html: '{{contact.city}} {{firstName}}', text: '{{{raw}}}' }),
    ).toEqual(['firstName', 'contact.city', 'raw'])
  })

  it('resolves paths inside #each and #with scopes, this, ../ and @root', () => {
    const html =
      '{{#each orders}}{{id}} {{customer.name}} {{../currency}} {{@root.shop}} {{@index}}{{#each lines}}{{this}}{{/each}}{{/each}}{{#with contact}}{{city}}{{else}}{{fallback}}{{/with}}'
    expect(paths({ html })).toEqual([
      'orders?',
      'orders[].id',
      'orders[].customer.name',
      'currency',
      'shop',
      'orders[].lines?',
      'orders[].lines[]',
      'contact?',
      'contact.city',
      'fallback',
    ])
  })

  it('follows block params', () => {
    expect(paths({ html: '{{#each items as |item index|}}{{item.sku}} {{index}}{{/each}}' })).toEqual([
      'items?',
      'items[].sku',
    ])
  })

  it('marks tested-only values optional, and values printed under their own #if', () => {
    expect(paths({ html: '{{#if phone}}Call {{phone}}{{/if}}{{#unless vip}}{{promo}}{{/unless}}' })).toEqual([
      'phone?',
      'vip?',
      'promo',
    ])
  })

  it('expands inline partials where they are called', () => {
    const html =
      '{{#* inline "fullName"}}{{firstName}}{{#if lastName}} {{lastName}}{{/if}}{{/inline}}\n{{> fullName}}{{#each friends}}{{> fullName}}{{/each}}'
    expect(paths({ html })).toEqual([
      'firstName',
      'lastName?',
      'friends?',
      'friends[].firstName',
      'friends[].lastName?',
    ])
  })

  it('skips helpers, SES reserved placeholders and unparseable parts', () => {
    expect(paths({ html: '{{lookup map key}} {{amazonSESUnsubscribeUrl}}', text: '{{#if' })).toEqual([
      'map?',
      'key?',
    ])
  })

  it('gives the position of the first use', () => {
    expect(detectVariables({ html: '<p>\n  {{name}}</p>' })).toEqual([
      { path: 'name', required: true, part: 'html', line: 2, column: 5 },
    ])
  })
})
