import type { Template } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  changesFrom,
  hasChanges,
  parseSampleJson,
  parseSampleSets,
  parseTags,
  WorkingCopySchema,
  workingCopyOf,
} from './working-copy'

export function template(overrides: Partial<Template> = {}): Template {
  return {
    id: '01HZX3K5V6W7X8Y9Z0ABCDEFGH',
    organizationId: '01HZX3K5V6W7X8Y9Z0ABCDEFGJ',
    name: 'welcome',
    subject: 'Welcome {{firstName}}',
    editorType: 'MJML',
    source: '<mjml><mj-body></mj-body></mjml>',
    text: { mode: 'generated', custom: null },
    textPart: 'Welcome',
    tags: ['onboarding'],
    sampleData: [{ name: 'Default', data: { firstName: 'Maya' } }],
    variables: [],
    lint: [],
    html: '<html></html>',
    version: 3,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-02T10:00:00.000Z',
    updatedBy: { type: 'user', accountId: 'user-1', email: 'ada@example.com' },
    ...overrides,
  }
}

describe('the working copy of a template', () => {
  it('starts equal to the version and has nothing to save', () => {
    const base = template()
    const copy = workingCopyOf(base)
    expect(copy.sampleSets).toEqual([{ name: 'Default', json: '{\n  "firstName": "Maya"\n}' }])
    expect(copy.tags).toBe('onboarding')
    expect(hasChanges(changesFrom(base, copy))).toBe(false)
  })

  it('sends only what changed', () => {
    const base = template()
    const copy = { ...workingCopyOf(base), subject: 'Hi {{firstName}}', tags: 'Onboarding, news, news' }
    expect(changesFrom(base, copy)).toEqual({
      body: { subject: 'Hi {{firstName}}', tags: ['onboarding', 'news'] },
      problems: {},
    })
  })

  it('ignores JSON reformatting but not changed values', () => {
    const base = template()
    const reformatted = {
      ...workingCopyOf(base),
      sampleSets: [{ name: 'Default', json: '{"firstName":"Maya"}' }],
    }
    expect(hasChanges(changesFrom(base, reformatted))).toBe(false)
    const changed = { ...workingCopyOf(base), sampleSets: [{ name: 'Default', json: '{"firstName":"Lin"}' }] }
    expect(changesFrom(base, changed).body.sampleData).toEqual([
      { name: 'Default', data: { firstName: 'Lin' } },
    ])
  })

  it('switches the text part between generated and custom', () => {
    const base = template()
    const custom = { ...workingCopyOf(base), textMode: 'custom' as const, customText: 'Hi {{firstName}}' }
    expect(changesFrom(base, custom).body.text).toEqual({ mode: 'custom', custom: 'Hi {{firstName}}' })
    const empty = { ...custom, customText: '  ' }
    expect(changesFrom(base, empty).problems.text).toMatch(/Write the text part/)
    const back = template({ text: { mode: 'custom', custom: 'x' } })
    expect(changesFrom(back, { ...workingCopyOf(back), textMode: 'generated' }).body.text).toEqual({
      mode: 'generated',
    })
  })

  it('reports what must be fixed before saving', () => {
    const base = template()
    const copy = {
      ...workingCopyOf(base),
      name: 'bad name',
      subject: 'two\nlines',
      sampleSets: [{ name: 'Default', json: '{"a": ' }],
    }
    const { problems, body } = changesFrom(base, copy)
    expect(body).toEqual({})
    expect(problems.name).toMatch(/no spaces/)
    expect(problems.subject).toMatch(/one line/)
    expect(problems.sampleData).toMatch(/“Default”: Not valid JSON/)
  })
})

describe('sample data', () => {
  it('is a JSON object', () => {
    expect(parseSampleJson('')).toEqual({ ok: true, data: {} })
    expect(parseSampleJson('[1]')).toMatchObject({ ok: false, message: expect.stringMatching(/JSON object/) })
    expect(parseSampleJson('{\n  "a" 1\n}')).toMatchObject({ ok: false, line: 2 })
    expect(parseSampleJson('{"a": }')).toEqual({ ok: false, message: "Not valid JSON: Unexpected token '}'" })
  })

  it('has unique, named sets', () => {
    expect(
      parseSampleSets([
        { name: 'A', json: '{}' },
        { name: 'A', json: '{}' },
      ]).problem,
    ).toMatch(/unique/)
    expect(parseSampleSets([{ name: ' ', json: '{}' }]).problem).toMatch(/Name/)
    expect(parseSampleSets([{ name: ' B ', json: '{"x":1}' }])).toEqual({
      sets: [{ name: 'B', data: { x: 1 } }],
    })
  })

  it('reads tags as typed', () => {
    expect(parseTags(' a, ,b ,')).toEqual(['a', 'b'])
  })

  it('keeps a visual template visual, and sends the editor type when the blocks became MJML', () => {
    const base = template({ editorType: 'VISUAL', source: '{"version":1}\n' })
    const copy = workingCopyOf(base)
    expect(copy.editorType).toBe('VISUAL')
    expect(WorkingCopySchema.safeParse(copy).success).toBe(true)
    expect(hasChanges(changesFrom(base, copy))).toBe(false)
    const converted = { ...copy, editorType: 'MJML' as const, source: '<mjml></mjml>' }
    expect(changesFrom(base, converted).body).toEqual({ editorType: 'MJML', source: '<mjml></mjml>' })
  })
})
