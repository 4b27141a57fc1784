import { describe, expect, it } from 'vitest'
import { DomainEventSchema, EVENT_TYPES, parseDomainEvent } from './catalog'

const base = {
  id: '01JD6Y8X4W0000000000000000',
  occurredAt: '2026-11-25T05:00:00.000Z',
  organizationId: 'org',
  actor: { type: 'user', accountId: 'acc-1', email: 'ana@example.com' },
}

describe('the event catalog', () => {
  it('has a schema in the union for every type', () => {
    const inUnion = DomainEventSchema.options.map((option) => option.shape.type.value)
    expect([...inUnion].sort()).toEqual([...EVENT_TYPES].sort())
  })

  it('accepts a well-formed event and refuses a wrong payload, an unknown type or a bad id', () => {
    const event = {
      ...base,
      type: 'organization.deleted',
      payload: { stripeCustomerId: 'cus_1', deletedBy: 'acc' },
    }
    expect(parseDomainEvent(event)).toEqual(event)
    expect(() => parseDomainEvent({ ...event, payload: { stripeCustomerId: 1 } })).toThrow()
    expect(() => parseDomainEvent({ ...event, type: 'organization.renamed' })).toThrow()
    expect(() => parseDomainEvent({ ...event, id: 'not-a-ulid' })).toThrow()
  })

  it('requires the actor of every event, of a known kind', () => {
    const event = { ...base, type: 'campaign.cancelled', payload: { campaignId: 'c', name: 'Spring' } }
    expect(parseDomainEvent(event).actor).toEqual(base.actor)
    for (const actor of [
      { type: 'system', name: 'campaigns.scheduler' },
      { type: 'apiKey', keyId: 'key_1' },
      { type: 'token', proof: 'unsubscribe', subject: 'contact-1' },
    ])
      expect(parseDomainEvent({ ...event, actor }).actor).toEqual(actor)
    const { actor: _actor, ...withoutActor } = event
    expect(() => parseDomainEvent(withoutActor)).toThrow()
    expect(() => parseDomainEvent({ ...event, actor: { type: 'robot', name: 'x' } })).toThrow()
    expect(() => parseDomainEvent({ ...event, actor: { type: 'user', accountId: '' } })).toThrow()
  })
})
