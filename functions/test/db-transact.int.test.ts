import { batchGet } from '@app/core/db/batch'
import { tableName } from '@app/core/db/table'
import { TransactionFailed, transact } from '@app/core/db/transact'
import { ulid } from 'ulid'
import { describe, expect, it } from 'vitest'
import './stack'

const put = (pk: string, sk: string, name: string) => ({
  name,
  Put: {
    TableName: tableName(),
    Item: { PK: pk, SK: sk, entity: 'Test' },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
})

describe('transactions with named items', () => {
  it('names the item whose condition failed, and writes nothing', async () => {
    const pk = `TEST#${ulid()}`
    await transact([put(pk, 'NAME#taken', 'test.name')])

    const error = await transact([
      put(pk, 'HEAD', 'test.head'),
      put(pk, 'NAME#taken', 'test.name'),
      { name: 'test.outbox', Put: { TableName: tableName(), Item: { PK: pk, SK: 'OUTBOX#1' } } },
    ]).catch((failure: unknown) => failure)

    expect(error).toBeInstanceOf(TransactionFailed)
    const failed = error as TransactionFailed
    expect(failed.failures.map(({ name, code }) => ({ name, code }))).toEqual([
      { name: 'test.name', code: 'ConditionalCheckFailed' },
    ])
    expect(failed.conditionFailed('test.name')).toBe(true)
    expect(failed.conditionFailed('test.head')).toBe(false)
    expect(failed.message).toContain('test.name (ConditionalCheckFailed)')
    const [head, outbox] = await batchGet(
      [
        { PK: pk, SK: 'HEAD' },
        { PK: pk, SK: 'OUTBOX#1' },
      ],
      { consistent: true },
    )
    expect(head).toBeUndefined()
    expect(outbox).toBeUndefined()
  })

  it('tells a conflict with a concurrent transaction from a failed condition, and retries conflicts when asked', async () => {
    const pk = `TEST#${ulid()}`
    const counter = (name: string) => ({
      name,
      Update: {
        TableName: tableName(),
        Key: { PK: pk, SK: 'COUNT' },
        UpdateExpression: 'ADD hits :one',
        ExpressionAttributeValues: { ':one': 1 },
      },
    })
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) =>
        transact([counter('test.count'), put(pk, `ROW#${index}`, 'test.row')]),
      ),
    )
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(TransactionFailed)
      expect((failure as TransactionFailed).conflictOnly).toBe(true)
      expect((failure as TransactionFailed).anyConditionFailed).toBe(false)
    }

    const retried = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) =>
        transact([counter('test.count'), put(pk, `RETRIED#${index}`, 'test.row')], { conflictRetries: 12 }),
      ),
    )
    expect(retried.filter((result) => result.status === 'rejected')).toEqual([])
    const [count] = await batchGet([{ PK: pk, SK: 'COUNT' }], { consistent: true })
    expect(count?.hits).toBe(12 - failures.length + 12)
  })
})
