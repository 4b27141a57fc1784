import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { GSI1, type Item, tableName } from './table'

/** A condition on the sort key of a query (of the table or of an index). */
export type SortKeyCondition =
  | { equals: string }
  | { beginsWith: string }
  | { between: [string, string] }
  /** Strictly after / before: continuing from the last sort key seen. */
  | { after: string }
  | { before: string }

export interface QueryOptions {
  sk?: SortKeyCondition
  /** Items to return at most (following DynamoDB's pages until reached); all of them when absent. */
  limit?: number
  /** Descending sort-key order (newest first for time-ordered keys). */
  backwards?: boolean
  consistent?: boolean
  /** Attributes to read (all when absent). */
  attributes?: string[]
  startKey?: Record<string, unknown>
}

export interface QueryResult {
  items: Item[]
  /** Where DynamoDB stopped, when more items may follow. */
  lastKey?: Record<string, unknown>
}

function sortKeyExpression(sk: SortKeyCondition | undefined): { expression: string; values: Item } {
  if (!sk) return { expression: '', values: {} }
  if ('equals' in sk) return { expression: ' AND #sk = :sk', values: { ':sk': sk.equals } }
  if ('beginsWith' in sk)
    return { expression: ' AND begins_with(#sk, :sk)', values: { ':sk': sk.beginsWith } }
  if ('between' in sk) {
    return {
      expression: ' AND #sk BETWEEN :from AND :to',
      values: { ':from': sk.between[0], ':to': sk.between[1] },
    }
  }
  if ('after' in sk) return { expression: ' AND #sk > :sk', values: { ':sk': sk.after } }
  return { expression: ' AND #sk < :sk', values: { ':sk': sk.before } }
}

async function query(
  index: string | undefined,
  names: { pk: string; sk: string },
  pk: string,
  options: QueryOptions,
): Promise<QueryResult> {
  const condition = sortKeyExpression(options.sk)
  const attributeNames: Record<string, string> = { '#pk': names.pk }
  if (options.sk) attributeNames['#sk'] = names.sk
  options.attributes?.forEach((name, position) => {
    attributeNames[`#a${position}`] = name
  })
  const items: Item[] = []
  let startKey = options.startKey
  do {
    const want = options.limit === undefined ? undefined : options.limit - items.length
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        ...(index ? { IndexName: index } : {}),
        KeyConditionExpression: `#pk = :pk${condition.expression}`,
        ExpressionAttributeNames: attributeNames,
        ExpressionAttributeValues: { ':pk': pk, ...condition.values },
        ...(options.attributes
          ? { ProjectionExpression: options.attributes.map((_, position) => `#a${position}`).join(', ') }
          : {}),
        ScanIndexForward: !options.backwards,
        ...(options.consistent ? { ConsistentRead: true } : {}),
        ...(want !== undefined ? { Limit: want } : {}),
        ExclusiveStartKey: startKey,
      }),
    )
    items.push(...((page.Items ?? []) as Item[]))
    startKey = page.LastEvaluatedKey
  } while (startKey && (options.limit === undefined || items.length < options.limit))
  return { items, ...(startKey ? { lastKey: startKey } : {}) }
}

/**
 * Items of one partition of the table (a tenant's `ORG#id`, or an entity's own partition such as
 * `TEMPLATE#id`), optionally narrowed by sort key. Without a limit, only for partitions known to be small.
 */
export const queryPartition = (pk: string, options: QueryOptions = {}) =>
  query(undefined, { pk: 'PK', sk: 'SK' }, pk, options)

/** The global secondary indexes and their key attributes (see `db/keys.ts` for what each serves). */
export const INDEXES = { [GSI1]: { pk: 'GSI1PK', sk: 'GSI1SK' } } as const

/** Items of an index partition (an alternate lookup: an account by email). Index reads are eventually consistent. */
export const queryIndex = (
  index: keyof typeof INDEXES,
  pk: string,
  options: Omit<QueryOptions, 'consistent'> = {},
) => query(index, INDEXES[index], pk, options)
