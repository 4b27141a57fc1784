import { TABLE } from '@app/contracts'
import {
  type AttributeDefinition,
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  type TableDescription,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb'

const indexEntries = Object.entries(TABLE.indexes)

const attributeDefinitions: AttributeDefinition[] = [
  TABLE.partitionKey,
  TABLE.sortKey,
  ...indexEntries.flatMap(([, index]) => [index.partitionKey, index.sortKey]),
].map((name) => ({ AttributeName: name, AttributeType: 'S' }))

const indexDefinition = (name: string, index: { partitionKey: string; sortKey: string }) => ({
  IndexName: name,
  KeySchema: [
    { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: 'ALL' as const },
})

/**
 * Creates the single table as `TABLE` in contracts describes it, or brings an existing one up to date
 * (a GSI added to the contract later is added to the table in `.data/` too). Safe to run on every start.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const existing = await describeTable(client, tableName)
  if (!existing) {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributeDefinitions,
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: indexEntries.map(([name, index]) => indexDefinition(name, index)),
      }),
    )
    await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName })
  } else {
    const present = new Set((existing.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName))
    for (const [name, index] of indexEntries.filter(([name]) => !present.has(name))) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: attributeDefinitions,
          GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(name, index) }],
        }),
      )
    }
  }
  await ensureTimeToLive(client, tableName)
}

async function describeTable(
  client: DynamoDBClient,
  tableName: string,
): Promise<TableDescription | undefined> {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined
    throw error
  }
}

async function ensureTimeToLive(client: DynamoDBClient, tableName: string): Promise<void> {
  const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }))
  const enabled =
    TimeToLiveDescription?.TimeToLiveStatus === 'ENABLED' &&
    TimeToLiveDescription.AttributeName === TABLE.ttlAttribute
  if (enabled) return
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
    }),
  )
}
