import type { TABLE } from '@app/contracts'
import { BatchWriteCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { coreEnv } from '../env'

export const tableName = () => coreEnv().tableName
export const GSI1 = 'GSI1' satisfies keyof typeof TABLE.indexes
export const GSI2 = 'GSI2' satisfies keyof typeof TABLE.indexes

export type Item = Record<string, unknown>

/** Every item of a query, following pagination. Only for partitions known to be small. */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName'>): Promise<Item[]> {
  const items: Item[] = []
  let ExclusiveStartKey: Record<string, unknown> | undefined
  do {
    const page = await dynamo().send(
      new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey }),
    )
    items.push(...((page.Items ?? []) as Item[]))
    ExclusiveStartKey = page.LastEvaluatedKey
  } while (ExclusiveStartKey)
  return items
}

/** Deletes keys in batches of 25, retrying unprocessed ones with backoff. */
export async function deleteKeys(keys: { PK: string; SK: string }[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 25) {
    let requests = keys.slice(start, start + 25).map((Key) => ({ DeleteRequest: { Key } }))
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 8) throw new Error('DynamoDB kept leaving deletes unprocessed')
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt))
      const result = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }))
      requests = (result.UnprocessedItems?.[tableName()] ?? []) as typeof requests
    }
  }
}

export const keyOf = (item: Item) => ({ PK: item.PK as string, SK: item.SK as string })

export function nowIso(): string {
  return new Date().toISOString()
}
