import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import { dynamo } from '../aws'
import { claimLease, releaseLease } from './lease'
import { tableName } from './table'

const T0 = new Date('2026-01-01T00:00:00.000Z')
const at = (ms: number) => new Date(T0.getTime() + ms)

async function record(status = 'queued') {
  const key = { PK: `TEST#${ulid()}`, SK: 'LEASED' }
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...key, entity: 'Test', status } }))
  return key
}

const stored = async (key: Record<string, string>) =>
  (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item

describe('claimLease / releaseLease', () => {
  it('claims a queued record: running, leased to the owner, the start stamped once', async () => {
    const key = await record()
    const claimed = await claimLease(key, {
      owner: 'a',
      until: at(1000).getTime(),
      now: T0,
      stampStart: true,
    })
    expect(claimed).toMatchObject({ status: 'running', leaseOwner: 'a', leaseUntil: at(1000).getTime() })
    expect(claimed?.startedAt).toBe(T0.toISOString())

    // The owner extends its own lease; the start stays the first claim's.
    const extended = await claimLease(key, {
      owner: 'a',
      until: at(5000).getTime(),
      now: at(500),
      stampStart: true,
    })
    expect(extended).toMatchObject({ leaseUntil: at(5000).getTime(), startedAt: T0.toISOString() })
  })

  it('refuses another owner while the lease lives, and lets it take over once expired', async () => {
    const key = await record()
    await claimLease(key, { owner: 'a', until: at(1000).getTime(), now: T0 })
    expect(await claimLease(key, { owner: 'b', until: at(2000).getTime(), now: at(999) })).toBeUndefined()
    expect((await stored(key))?.leaseOwner).toBe('a')

    const taken = await claimLease(key, { owner: 'b', until: at(3000).getTime(), now: at(1001) })
    expect(taken).toMatchObject({ leaseOwner: 'b', leaseUntil: at(3000).getTime() })
  })

  it('never stamps a start unless asked', async () => {
    const key = await record()
    expect(await claimLease(key, { owner: 'a', until: at(1000).getTime(), now: T0 })).not.toHaveProperty(
      'startedAt',
    )
  })

  it('refuses a finished record and a missing one, creating nothing', async () => {
    const done = await record('succeeded')
    expect(await claimLease(done, { owner: 'a', until: at(1000).getTime(), now: T0 })).toBeUndefined()
    expect(await stored(done)).not.toHaveProperty('leaseOwner')

    const missing = { PK: `TEST#${ulid()}`, SK: 'LEASED' }
    expect(await claimLease(missing, { owner: 'a', until: at(1000).getTime(), now: T0 })).toBeUndefined()
    expect(await stored(missing)).toBeUndefined()
  })

  it('releases only the owner’s lease, so the next claim need not wait', async () => {
    const key = await record()
    await claimLease(key, { owner: 'a', until: at(60_000).getTime(), now: T0 })

    await releaseLease(key, 'b')
    expect((await stored(key))?.leaseOwner).toBe('a')

    await releaseLease(key, 'a')
    const item = await stored(key)
    expect(item).not.toHaveProperty('leaseOwner')
    expect(item).not.toHaveProperty('leaseUntil')
    expect(await claimLease(key, { owner: 'b', until: at(2000).getTime(), now: at(1) })).toMatchObject({
      leaseOwner: 'b',
    })
  })
})
