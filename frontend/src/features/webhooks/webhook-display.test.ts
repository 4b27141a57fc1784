import { WEBHOOK_EVENT_GROUPS } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import {
  dateTimeText,
  deliveryStatusText,
  durationText,
  eventTypeLabel,
  groupSelection,
  prettyBody,
  responseText,
  toggleTypes,
  urlProblem,
  type WebhookEventGroup,
} from './webhook-display'

const campaigns = WEBHOOK_EVENT_GROUPS.find((group) => group.label === 'Campaigns') as WebhookEventGroup
const attempt = {
  at: '2026-03-05T16:05:09.000Z',
  durationMs: 85,
  statusCode: 500,
  excerpt: '',
  manual: false,
}

describe('webhook display', () => {
  it('names event types as the form lists them, the test event included', () => {
    expect(eventTypeLabel('campaign.paused')).toBe('Campaign paused')
    expect(eventTypeLabel('webhook_endpoint.tested')).toBe('Test event')
    expect(eventTypeLabel('something.new')).toBe('something.new')
  })

  it('ticks a group whole, in part or not at all, and keeps the choice in the catalog’s order', () => {
    const all = campaigns.types.map((entry) => entry.type)
    expect(groupSelection(campaigns, [])).toBe('none')
    expect(groupSelection(campaigns, ['campaign.paused', 'webhook_endpoint.disabled'])).toBe('some')
    expect(groupSelection(campaigns, all)).toBe('all')
    const chosen = toggleTypes(['webhook_endpoint.disabled', 'campaign.paused'], all, true)
    expect(chosen).toEqual([...all, 'webhook_endpoint.disabled'])
    expect(toggleTypes(chosen, all, false)).toEqual(['webhook_endpoint.disabled'])
    expect(toggleTypes(['campaign.sent', 'campaign.sent'], [], true)).toEqual(['campaign.sent'])
  })

  it('asks for a full address before sending the form', () => {
    expect(urlProblem('  ')).toBe('Give the address that receives the events.')
    expect(urlProblem('example.com/hook')).toMatch(/full https address/)
    expect(urlProblem('ftp://example.com/hook')).toMatch(/full https address/)
    expect(urlProblem('https://example.com/hook')).toBeUndefined()
  })

  it('says what became of a delivery and its last attempt', () => {
    expect(deliveryStatusText({ status: 'succeeded', attempts: [attempt] }).label).toBe('Delivered')
    expect(deliveryStatusText({ status: 'failed', attempts: [attempt] }).label).toBe('Failed')
    expect(deliveryStatusText({ status: 'pending', attempts: [] }).label).toBe('Sending')
    expect(deliveryStatusText({ status: 'pending', attempts: [attempt] }).label).toBe('Retrying')
    expect(responseText(attempt)).toBe('HTTP 500')
    expect(responseText({ statusCode: null })).toBe('No answer')
    expect(responseText(undefined)).toBe('—')
    expect([durationText(85), durationText(1234), durationText(12_345)]).toEqual(['85 ms', '1.2 s', '12 s'])
    expect(dateTimeText(attempt.at, 'en-US', 'UTC')).toBe('Mar 5, 2026, 4:05:09 PM')
  })

  it('indents a JSON body and leaves anything else as it came', () => {
    expect(prettyBody('{"a":1}')).toBe('{\n  "a": 1\n}')
    expect(prettyBody('not json')).toBe('not json')
  })
})
