import { dynamo } from '@app/core/aws'
import { batchGet, batchWrite, deleteAll } from '@app/core/db/batch'
import { queryPartition } from '@app/core/db/query'
import { BatchGetCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import { afterEach, describe, expect, it, vi } from 'vitest'
import './stack'

const key = (pk: string, index: number) => ({ PK: pk, SK: `ITEM#${String(index).padStart(4, '0')}` })

afterEach(() => vi.restoreAllMocks())

describe('batch writes and reads', () => {
  it('writes and reads far more than one call takes, in the order asked, missing keys undefined', async () => {
    const pk = `TEST#${ulid()}`
    await batchWrite(
      Array.from({ length: 260 }, (_, index) => ({ put: { ...key(pk, index), entity: 'Test', index } })),
      { concurrency: 4 },
    )
    expect((await queryPartition(pk)).items).toHaveLength(260)

    const wanted = [key(pk, 259), key(pk, 0), key(pk, 999), key(pk, 130), key(pk, 0)]
    const found = await batchGet([...wanted, ...Array.from({ length: 150 }, (_, index) => key(pk, index))], {
      consistent: true,
    })
    expect(found.slice(0, 5).map((item) => item?.index)).toEqual([259, 0, undefined, 130, 0])
    expect(found.slice(5).map((item) => item?.index)).toEqual(
      Array.from({ length: 150 }, (_, index) => index),
    )

    await batchWrite([
      { delete: key(pk, 1) },
      { put: { ...key(pk, 2), entity: 'Test', index: 'replaced' } },
      { put: { ...key(pk, 2), entity: 'Test', index: 'last wins' } },
    ])
    const [gone, replaced] = await batchGet([key(pk, 1), key(pk, 2)], { consistent: true })
    expect(gone).toBeUndefined()
    expect(replaced?.index).toBe('last wins')

    await deleteAll(Array.from({ length: 260 }, (_, index) => key(pk, index)))
    expect((await queryPartition(pk, { consistent: true })).items).toEqual([])
  })

  it('retries what DynamoDB leaves unprocessed until all is written and read', async () => {
    const pk = `TEST#${ulid()}`
    const send = dynamo().send.bind(dynamo())
    let held = 0
    // DynamoDB Local never throttles: answer the first calls as a throttled table does, holding half back.
    vi.spyOn(dynamo(), 'send').mockImplementation((async (command: unknown) => {
      if (held < 3 && command instanceof BatchWriteCommand) {
        held++
        const [table, requests] = Object.entries(command.input.RequestItems ?? {})[0] ?? []
        const half = Math.ceil((requests?.length ?? 0) / 2)
        await send(
          new BatchWriteCommand({ RequestItems: { [table as string]: (requests ?? []).slice(0, half) } }),
        )
        return { UnprocessedItems: { [table as string]: (requests ?? []).slice(half) } }
      }
      if (held < 6 && command instanceof BatchGetCommand) {
        held++
        const [table, request] = Object.entries(command.input.RequestItems ?? {})[0] ?? []
        const keys = request?.Keys ?? []
        const result = await send(
          new BatchGetCommand({
            RequestItems: { [table as string]: { ...request, Keys: keys.slice(0, 1) } },
          }),
        )
        return { ...result, UnprocessedKeys: { [table as string]: { ...request, Keys: keys.slice(1) } } }
      }
      return send(command as never)
    }) as never)

    await batchWrite(
      Array.from({ length: 30 }, (_, index) => ({ put: { ...key(pk, index), entity: 'Test' } })),
    )
    const found = await batchGet(
      Array.from({ length: 30 }, (_, index) => key(pk, index)),
      { consistent: true },
    )
    expect(held).toBe(6)
    expect(found.every((item) => item !== undefined)).toBe(true)
  })
})
