import { describe, expect, it } from 'vitest'
import * as browser from '../browser'
import { compileTemplate, enginePreviewValues } from '../index'
import { STARTERS, starterText } from '../starters/starters'
import { renderTemplate } from './render'
import { renderTemplate as renderTemplateWithoutEval } from './render-without-eval'
import type { TemplateParts } from './variables'

/** Both renderers on the same input: what the browser entry renders must be what the Node entry renders. */
function expectSameRender(parts: TemplateParts, data: Record<string, unknown>) {
  const reference = renderTemplate(parts, data)
  const ours = renderTemplateWithoutEval(parts, data)
  expect(ours).toEqual(reference)
  return ours
}

const anaya = {
  meta: { userId: '51806220607' },
  contact: { firstName: 'Anaya', lastName: 'Iyengar' },
  subscription: [{ interest: 'Sports' }, { interest: 'Travel' }, { interest: 'Cooking' }],
}

// The SES guide's examples (as `render.test.ts` uses them) and the corners of Handlebars' scoping.
const CASES: [string, TemplateParts, Record<string, unknown>][] = [
  [
    'nested attributes and lists',
    {
      subject: 'Subscription Preferences for {{contact.firstName}} {{contact.lastName}}',
      html: '<ul>{{#each subscription}}<li>{{interest}}</li>{{/each}}</ul><a href=https://x.example/?id={{meta.userId}}>x</a>',
      text: 'Subjects:\n{{#each subscription}}- {{interest}}\n{{/each}}\nAt https://x.example/?id={{meta.userId}}',
    },
    anaya,
  ],
  [
    'else branch of an absent attribute',
    {
      html: '<p>Dear {{contact.firstName}},</p>{{#if subscription}}<ul>{{#each subscription}}<li>{{interest}}</li>{{/each}}</ul>{{else}}<p>Update {{meta.userId}}{{/if}}',
    },
    { meta: { userId: '1' }, contact: { firstName: 'Shirley' } },
  ],
  [
    'inline partials and the newline after {{/inline}}',
    {
      text: '{{#* inline "fullName"}}{{firstName}}{{#if lastName}} {{lastName}}{{/if}}{{/inline}}\nHello {{> fullName}}!',
      html: '{{#* inline "fullName"}}{{firstName}}{{#if lastName}} {{lastName}}{{/if}}{{/inline~}}\n<h1>Hello {{> fullName}}!</h1><ul>{{#each friends}}<li>{{> fullName}}</li>{{/each}}</ul>',
    },
    {
      firstName: 'Anaya',
      lastName: 'Iyengar',
      friends: [{ firstName: 'Shirley', lastName: 'Rodriguez' }, { firstName: 'Richard' }],
    },
  ],
  [
    '{{else}} inside {{#each}}',
    { html: '{{#each items}} {{name}} is {{#if best}}the best{{else}}a {{type}}{{/if}}, {{/each}}' },
    {
      items: [
        { type: 'dog', name: 'bobby', best: true },
        { type: 'cat', name: 'pedro', best: false },
      ],
    },
  ],
  [
    'no escaping',
    { subject: '{{v}}', html: '<p>{{v}}|{{{v}}}|{{& v}}</p>', text: '{{v}}' },
    { v: `<b>Tom & "Jerry"</b> <script>alert('x')</script>` },
  ],
  [
    'numbers, booleans, lists, null',
    { text: '{{n}} {{f}} {{yes}} {{no}} {{list}} {{nothing}} {{object}}' },
    { n: 10, f: 1.5, yes: true, no: false, list: ['a', 'b'], nothing: null, object: { a: 1 } },
  ],
  [
    'missing attributes with positions',
    {
      subject: 'Hello, {{name}}!',
      html: '<h1>Hello {{name}},</h1><p>Your favorite color is {{favoritecolor}}.</p>',
      text: 'Dear {{name}},\r\nYour favorite color is {{favoritecolor}}.',
    },
    { Name: 'Jane', favoritenumber: '10' },
  ],
  [
    'missing paths nested and in loops',
    { html: '{{contact.phone}} {{order.id}} {{#each items}}{{sku}}{{/each}}' },
    { contact: {}, items: [{ sku: 'a' }, {}] },
  ],
  ['an unknown helper', { html: '<h1>{{IF firstName}}</h1>' }, { firstName: 'A' }],
  ['the unsubscribe placeholder', { html: '<a href="{{amazonSESUnsubscribeUrl}}">Unsubscribe</a>' }, {}],
  ['a syntax error', { subject: 'Hi {{name}}', html: '<p>\n{{#if a}}</p>' }, { name: 'x' }],
  ['an undefined partial', { html: '{{> footer}}' }, {}],
  [
    'each over objects with @key, @index, @first, @last',
    {
      text: '{{#each prices}}{{@index}}:{{@key}}={{this}}{{#if @first}} first{{/if}}{{#if @last}} last{{/if}};{{/each}}',
    },
    { prices: { small: 1, medium: 2, large: 3 } },
  ],
  [
    'each with block params and ../',
    {
      html: '{{#each orders as |order i|}}{{i}} {{order.id}} for {{../customer}} {{#each order.lines as |line|}}[{{line.sku}} {{order.id}} {{@../index}}]{{/each}}{{else}}none{{/each}}',
    },
    {
      customer: 'Ada',
      orders: [
        { id: 'A1', lines: [{ sku: 'x' }, { sku: 'y' }] },
        { id: 'B2', lines: [] },
      ],
    },
  ],
  [
    'a block param never reports missing steps',
    { html: '{{#each items as |item|}}<{{item.nope}}>{{/each}}' },
    { items: [{ a: 1 }] },
  ],
  [
    'with, unless, lookup, includeZero, @root',
    {
      html: '{{#with contact}}{{firstName}} of {{@root.company}} ({{../company}}){{else}}nobody{{/with}} {{#unless vip}}regular{{/unless}} {{lookup labels kind}} {{#if zero includeZero=true}}zero shown{{/if}}{{#if zero}}hidden{{else}}zero hidden{{/if}} {{#if empty}}x{{else}}empty list{{/if}}',
    },
    {
      contact: { firstName: 'Ada' },
      company: 'Acme',
      vip: false,
      labels: { a: 'Alpha' },
      kind: 'a',
      zero: 0,
      empty: [],
    },
  ],
  [
    'ambiguous blocks on values',
    {
      html: '{{#flag}}on{{/flag}}{{#off}}x{{else}}off{{/off}}{{#person}}{{name}}{{/person}}{{#list}}<{{this}}>{{/list}}{{#name}}[{{this}}]{{/name}}{{#absent}}x{{/absent}}',
    },
    { flag: true, off: false, person: { name: 'Ada' }, list: [1, 2], name: 'Lin' },
  ],
  [
    'this, ./ and this.path',
    { text: '{{#each names}}{{this}} {{.}} {{this.length}}|{{/each}}{{this.title}} {{./title}}' },
    { names: ['a', 'bc'], title: 'T' },
  ],
  [
    'standalone lines, ~ and comments',
    {
      text: 'Items:\n  {{#each items}}\n  - {{this}}\n  {{/each}}\n{{! a comment }}{{!-- another --}}\nEnd {{~ name ~}} !',
    },
    { items: ['a', 'b'], name: ' N ' },
  ],
  [
    'indented standalone partials, with a context and a hash',
    {
      text: '{{#*inline "line"}}\n* {{label}}: {{value}}\n{{/inline}}\nList:\n  {{> line}}\n  {{> line item label="Renamed"}}\n',
    },
    { label: 'Top', value: 1, item: { label: 'Item', value: 2 } },
  ],
  [
    'inline partials scoped to their block',
    {
      html: '{{#if a}}{{#*inline "p"}}inner {{v}}{{/inline}}{{> p}}{{/if}}{{#each list}}{{#*inline "q"}}[{{this}}]{{/inline}}{{> q}}{{/each}}',
    },
    { a: true, v: 'V', list: ['x', 'y'] },
  ],
  ['a missing value in a data path', { html: '{{@root.missing}} {{@index}}' }, {}],
  ['#if with two arguments', { html: '{{#if a b}}x{{/if}}' }, { a: 1, b: 2 }],
  [
    'a helper used in a sub-expression',
    { html: '{{#if (lookup flags name)}}yes{{else}}no{{/if}}' },
    { flags: { x: true }, name: 'x' },
  ],
  [
    'an unknown helper in a sub-expression',
    { html: '{{#if (shout name)}}yes{{else}}no{{/if}}' },
    { name: 'x' },
  ],
  ['data that is not an object', { html: '{{a}}' }, [] as unknown as Record<string, unknown>],
  [
    'prototype properties are not data',
    { html: '{{constructor}} {{a.toString}} {{lookup a "hasOwnProperty"}}' },
    { a: {} },
  ],
]

describe('the browser entry renders exactly what the Node entry renders', () => {
  it("is the browser entry's renderTemplate", () => {
    expect(browser.renderTemplate).toBe(renderTemplateWithoutEval)
  })

  it.each(CASES)('%s', (_name, parts, data) => {
    expectSameRender(parts, data)
  })

  it('never evaluates code (the production CSP has no unsafe-eval)', () => {
    const original = globalThis.Function
    const refuse = new Proxy(original, {
      apply: () => {
        throw new EvalError('eval refused')
      },
      construct: () => {
        throw new EvalError('eval refused')
      },
    })
    globalThis.Function = refuse
    try {
      const result = renderTemplateWithoutEval(
        { subject: 'Hi {{name}}', html: '{{#each items}}<li>{{this}}</li>{{/each}}' },
        { name: 'Ada', items: [1, 2] },
      )
      expect(result).toMatchObject({ ok: true, subject: 'Hi Ada', html: '<li>1</li><li>2</li>' })
    } finally {
      globalThis.Function = original
    }
  })
})

describe('every starter renders in the browser as in SES', () => {
  it.each(STARTERS.map((starter) => [starter.id, starter] as const))('%s', async (_id, starter) => {
    const compiled = await compileTemplate({ editorType: 'MJML', source: starter.mjml })
    const parts = { subject: starter.subject, html: compiled.html, text: starterText(starter, compiled.html) }
    // A starter reads only what the campaign send fills in (its sample data is for what the user adds).
    const data = { ...starter.sampleData, ...enginePreviewValues({ origin: 'https://app.test' }) }
    const full = expectSameRender(parts, data)
    expect(full.ok).toBe(true)
    // Without its postal address, the same variable is reported missing in the same places.
    const { postalAddress: _dropped, ...partial } = data
    const missing = expectSameRender(parts, partial)
    expect(missing.ok).toBe(false)
  })
})
