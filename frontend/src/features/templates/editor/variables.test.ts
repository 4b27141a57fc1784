import type { DetectedVariable } from '@app/email/browser'
import { describe, expect, it } from 'vitest'
import {
  CAMPAIGN_VARIABLES,
  fillMissingSamples,
  isCampaignVariable,
  sampleAt,
  sampleText,
  variableRows,
} from './variables'

const at = (path: string, required = true): DetectedVariable => ({
  path,
  required,
  part: 'html',
  line: 1,
  column: 1,
})

describe('the variable picker', () => {
  const data = {
    firstName: 'Maya',
    order: { id: 'A-1', total: 42 },
    items: [{ name: 'Socks' }],
    tags: ['new'],
    unused: true,
    note: 'x'.repeat(80),
  }

  it('lists what the template reads with its sample value, then sample values not read yet', () => {
    const rows = variableRows(
      [
        at('firstName'),
        at('order.id'),
        at('items[].name'),
        at('tags[]'),
        at('missing'),
        at('firstName', false),
      ],
      data,
    )
    expect(
      rows.map(({ path, insert, loop, sample, used }) => ({ path, insert, loop, sample, used })),
    ).toEqual([
      { path: 'firstName', insert: '{{firstName}}', loop: undefined, sample: 'Maya', used: true },
      { path: 'order.id', insert: '{{order.id}}', loop: undefined, sample: 'A-1', used: true },
      { path: 'items[].name', insert: '{{name}}', loop: 'items', sample: 'Socks', used: true },
      { path: 'tags[]', insert: '{{this}}', loop: 'tags', sample: 'new', used: true },
      { path: 'missing', insert: '{{missing}}', loop: undefined, sample: undefined, used: true },
      { path: 'order.total', insert: '{{order.total}}', loop: undefined, sample: '42', used: false },
      { path: 'unused', insert: '{{unused}}', loop: undefined, sample: 'true', used: false },
      { path: 'note', insert: '{{note}}', loop: undefined, sample: `${'x'.repeat(47)}…`, used: false },
    ])
    expect(rows[0]?.required).toBe(true)
  })

  it('reads sample values by path', () => {
    expect(sampleAt(data, 'items[].name')).toEqual({ found: true, value: 'Socks' })
    expect(sampleAt(data, 'order.missing').found).toBe(false)
    expect(sampleAt({ list: [] }, 'list[].x').found).toBe(false)
    expect(sampleText([1, 2])).toBe('2 items')
    expect(sampleText(null)).toBe('null')
    expect(sampleText({ a: 1 })).toBe('{"a":1}')
  })

  it('fills in sample values for variables that have none', () => {
    const filled = fillMissingSamples({ firstName: 'Maya', order: 'oops' }, [
      at('firstName'),
      at('order.id'),
      at('items[].name'),
      at('tags[]'),
    ])
    expect(filled).toEqual({
      firstName: 'Maya',
      order: { id: 'Sample id' },
      items: [{ name: 'Sample name' }],
      tags: ['Sample tags'],
    })
  })
})

describe('campaign variables', () => {
  it('offers {{unsubscribeUrl}}, filled in per recipient by campaigns', () => {
    expect(CAMPAIGN_VARIABLES.map((variable) => variable.insert)).toContain('{{unsubscribeUrl}}')
    expect(isCampaignVariable('unsubscribeUrl')).toBe(true)
    expect(isCampaignVariable('firstName')).toBe(false)
  })
})

describe('campaign variables', () => {
  it('are the engine’s own list, never asked of sample data', () => {
    expect(CAMPAIGN_VARIABLES.map((variable) => variable.path)).toEqual([
      'unsubscribeUrl',
      'postalAddress',
      'organizationName',
    ])
    expect(isCampaignVariable('postalAddress')).toBe(true)
    expect(isCampaignVariable('firstName')).toBe(false)
    const filled = fillMissingSamples({}, [at('unsubscribeUrl'), at('postalAddress'), at('firstName')])
    expect(filled).toEqual({ firstName: 'Sample firstName' })
  })
})
