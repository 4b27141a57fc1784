import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import { dynamo } from '../aws'
import { outboxEventKey } from '../db/keys'
import { tableName } from '../db/table'
import type { DomainEvent } from './catalog'
import { claim } from './claims.repo'
import { dispatch, on, type Subscriber } from './dispatch'
import { eventOfItem, newEvent, outboxPut, UNRECORDED_ACTOR } from './outbox'

/** Subscribers that count their runs; `failures` makes one throw that many times first. */
function counting(names: string[], failures: Record<string, number> = {}) {
  const runs: Record<string, number> = Object.fromEntries(names.map((name) => [name, 0]))
  const attempts: Record<string, number> = { ...runs }
  const subscribers = names.map((name) =>
    on('account.deleted', `test.${name}`, async () => {
      attempts[name] = (attempts[name] ?? 0) + 1
      if ((failures[name] ?? 0) >= (attempts[name] ?? 0)) throw new Error(`${name} is down`)
      runs[name] = (runs[name] ?? 0) + 1
    }),
  )
  return { runs, attempts, subscribers }
}

/** Every subscriber run by the dispatcher itself (the queued ones: `subscriber-queues.int.test.ts`). */
const inline = (subscribers: readonly Subscriber[]) => ({ inline: subscribers, queues: [] })

const ACTOR = { type: 'user', accountId: 'acc-1', email: 'ana@example.com' } as const

/** A change and its event, in one transaction (as a domain writes them). */
async function commitWithEvent(): Promise<DomainEvent> {
  const accountId = `test-${ulid()}`
  const event = newEvent('account.deleted', null, { accountId }, ACTOR)
  await dynamo().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: { PK: `TEST#${event.id}`, SK: 'CHANGE', entity: 'Test' } } },
        outboxPut(event),
      ],
    }),
  )
  return event
}

const outboxItem = async (eventId: string) =>
  (
    await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: outboxEventKey(eventId), ConsistentRead: true }),
    )
  ).Item

describe('domain events', () => {
  it('commit with their change or not at all', async () => {
    const event = await commitWithEvent()
    // Stored with its actor and read back the same (the envelope carries who made the change).
    expect(await outboxItem(event.id)).toMatchObject({ id: event.id, type: 'account.deleted', actor: ACTOR })
    expect(eventOfItem((await outboxItem(event.id)) ?? {})).toEqual(event)
    // An event written before events carried actors reads as the platform's, unrecorded.
    const { actor: _actor, ...legacy } = (await outboxItem(event.id)) ?? {}
    expect(eventOfItem(legacy).actor).toEqual(UNRECORDED_ACTOR)

    const refused = newEvent('account.deleted', null, { accountId: 'x' }, ACTOR)
    const blocker = { PK: `TEST#${refused.id}`, SK: 'CHANGE' }
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: blocker }))
    await expect(
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: blocker,
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            outboxPut(refused),
          ],
        }),
      ),
    ).rejects.toMatchObject({ name: 'TransactionCanceledException' })
    expect(await outboxItem(refused.id)).toBeUndefined()
  })

  it('an event delivered twice, or twice at once, is handled once by each subscriber', async () => {
    const { runs, subscribers } = counting(['a', 'b'])
    const event = await commitWithEvent()
    expect((await dispatch([event], inline(subscribers))).dispatched).toEqual([event.id])
    expect((await dispatch([event, event], inline(subscribers))).failed).toEqual([])
    expect(runs).toEqual({ a: 1, b: 1 })

    const concurrent = counting(['a'])
    const other = await commitWithEvent()
    const results = await Promise.all([
      dispatch([other], inline(concurrent.subscribers)),
      dispatch([other], inline(concurrent.subscribers)),
    ])
    expect(concurrent.runs).toEqual({ a: 1 })
    // The loser either found it done, or running (reported, so its delivery is retried, then skipped).
    for (const result of results) {
      for (const failure of result.failed) expect(failure.reason).toBe('another run is handling it')
    }
    expect((await dispatch([other], inline(concurrent.subscribers))).dispatched).toEqual([other.id])
    expect(concurrent.runs).toEqual({ a: 1 })
  })

  it('a failing subscriber is reported and retried alone; the others run at once and not again', async () => {
    const { runs, attempts, subscribers } = counting(['first', 'flaky', 'last'], { flaky: 1 })
    const event = await commitWithEvent()

    const failed = await dispatch([event], inline(subscribers))
    expect(failed.dispatched).toEqual([])
    expect(failed.failed).toEqual([
      {
        eventId: event.id,
        type: 'account.deleted',
        subscriber: 'test.flaky',
        reason: 'Error: flaky is down',
      },
    ])
    // The subscriber after the failing one did not wait for it.
    expect(runs).toEqual({ first: 1, flaky: 0, last: 1 })

    const retried = await dispatch([event], inline(subscribers))
    expect(retried).toEqual({ dispatched: [event.id], failed: [] })
    expect(runs).toEqual({ first: 1, flaky: 1, last: 1 })
    expect(attempts).toEqual({ first: 1, flaky: 2, last: 1 })
  })

  it('takes over the claim of a run that crashed once its lease is over, not before', async () => {
    const { runs, subscribers } = counting(['a'])
    const event = await commitWithEvent()
    // A run claimed it and died (no completion): within its lease the event is busy.
    await claim(event.id, 'test.a', 60_000)
    const busy = await dispatch([event], inline(subscribers))
    expect(busy.failed.map((failure) => failure.reason)).toEqual(['another run is handling it'])
    expect(runs).toEqual({ a: 0 })

    const crashed = await commitWithEvent()
    await claim(crashed.id, 'test.a', 1, Date.now() - 1_000)
    expect((await dispatch([crashed], inline(subscribers))).dispatched).toEqual([crashed.id])
    expect(runs).toEqual({ a: 1 })
  })
})
