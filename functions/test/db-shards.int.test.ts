import { batchWrite } from '@app/core/db/batch'
import { queryIndex, queryPartition } from '@app/core/db/query'
import { pickShard, queryShards, shardKeys } from '@app/core/db/shards'
import { GSI1 } from '@app/core/db/table'
import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import './stack'

describe('sharded partitions', () => {
  it('spreads writes over the shards and reads them back merged in sort-key order', async () => {
    const partition = { prefix: `TEST#${ulid()}#EVENTS`, shards: 4 }
    const sks = Array.from({ length: 120 }, (_, index) => `AT#${String(index).padStart(4, '0')}#${ulid()}`)
    await batchWrite(
      sks.map((SK) => ({ put: { PK: pickShard(partition, SK), SK, entity: 'Test' } })),
      {
        concurrency: 4,
      },
    )

    const perShard = await Promise.all(shardKeys(partition).map((pk) => queryPartition(pk)))
    expect(perShard.map((result) => result.items.length).every((count) => count > 10)).toBe(true)
    // The same id always lands in the same shard.
    expect(
      perShard.flatMap((result) =>
        result.items.map((item) => item.PK === pickShard(partition, String(item.SK))),
      ),
    ).not.toContain(false)

    const first = await queryShards(partition, { sk: { beginsWith: 'AT#' }, limit: 50 })
    expect(first.map((item) => item.SK)).toEqual(sks.slice(0, 50))
    const next = await queryShards(partition, { sk: { after: String(first.at(-1)?.SK) }, limit: 50 })
    expect(next.map((item) => item.SK)).toEqual(sks.slice(50, 100))
    const newest = await queryShards(partition, { backwards: true, limit: 5, attributes: ['entity'] })
    expect(newest.map((item) => item.SK)).toEqual(sks.slice(-5).reverse())
    expect(
      await queryShards(partition, { sk: { between: [sks[10] as string, sks[19] as string] } }),
    ).toHaveLength(10)
    expect(await queryShards(partition)).toHaveLength(120)
  })

  it('picks shards at random for counters, using them all', () => {
    const partition = { prefix: 'COUNTER', shards: 8 }
    const used = new Set(Array.from({ length: 400 }, () => pickShard(partition)))
    expect([...used].sort()).toEqual(shardKeys(partition).sort())
  })
})

describe('partition and index queries', () => {
  it('pages a partition by sort key and finds items through the index', async () => {
    const pk = `TEST#${ulid()}`
    const email = `EMAIL#${ulid()}@example.com`
    await batchWrite(
      Array.from({ length: 30 }, (_, index) => ({
        put: {
          PK: pk,
          SK: `ROW#${String(index).padStart(2, '0')}`,
          ...(index === 7 ? { GSI1PK: email, GSI1SK: 'ACCOUNT' } : {}),
        },
      })),
    )
    const page = await queryPartition(pk, {
      sk: { beginsWith: 'ROW#' },
      limit: 10,
      backwards: true,
      consistent: true,
    })
    expect(page.items.map((item) => item.SK)).toEqual(
      Array.from({ length: 10 }, (_, index) => `ROW#${String(29 - index).padStart(2, '0')}`),
    )
    expect(page.lastKey).toBeDefined()
    const rest = await queryPartition(pk, { startKey: page.lastKey, backwards: true, consistent: true })
    expect(rest.items).toHaveLength(20)
    expect(rest.lastKey).toBeUndefined()

    const found = await queryIndex(GSI1, email, { sk: { equals: 'ACCOUNT' } })
    expect(found.items.map((item) => item.SK)).toEqual(['ROW#07'])
  })
})
