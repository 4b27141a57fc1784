import type { TABLE } from '@app/contracts'
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb'
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

export const keyOf = (item: Item) => ({ PK: item.PK as string, SK: item.SK as string })

export function nowIso(): string {
  return new Date().toISOString()
}
