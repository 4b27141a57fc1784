import { marshall } from '@aws-sdk/util-dynamodb'
import { describe, expect, it } from 'vitest'
import { eventOfStreamRecord } from './stream'

const event = {
  id: '01JD6Y8X4W0000000000000000',
  type: 'aws_account.deleted',
  occurredAt: '2026-11-25T05:00:00.000Z',
  organizationId: 'org',
  actor: { type: 'user', accountId: 'acc-1', email: 'ana@example.com' },
  payload: { awsAccountId: 'aws', awsAccountNumber: null, region: 'us-east-1' },
}
const image = (item: Record<string, unknown>) => marshall(item) as Record<string, unknown>
const outbox = { PK: `OUTBOX#${event.id}`, SK: 'EVENT', entity: 'OutboxEvent', ...event }

describe('stream records', () => {
  it('reads the event an inserted outbox item holds, and nothing else', () => {
    expect(eventOfStreamRecord({ eventName: 'INSERT', dynamodb: { NewImage: image(outbox) } })).toEqual(event)
    expect(eventOfStreamRecord({ eventName: 'MODIFY', dynamodb: { NewImage: image(outbox) } })).toBeNull()
    expect(
      eventOfStreamRecord({
        eventName: 'INSERT',
        dynamodb: { NewImage: image({ ...outbox, entity: 'Other' }) },
      }),
    ).toBeNull()
  })

  it('refuses an outbox item the catalog does not accept (it fails, so it is retried and dead-lettered)', () => {
    const bad = { ...outbox, payload: { awsAccountId: 'aws' } }
    expect(() => eventOfStreamRecord({ eventName: 'INSERT', dynamodb: { NewImage: image(bad) } })).toThrow()
  })
})
