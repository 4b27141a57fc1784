import { describe, expect, it } from 'vitest'
import { DomainEventSchema, EVENT_TYPES, parseDomainEvent } from './catalog'

const base = {
  id: '01JD6Y8X4W0000000000000000',
  occurredAt: '2026-11-25T05:00:00.000Z',
  organizationId: 'org',
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
})
