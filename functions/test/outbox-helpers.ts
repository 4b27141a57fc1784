/** Test glue for domain events: the outbox items a test's organization published. */
import { dynamo } from '@app/core/aws'
import { tableName } from '@app/core/db/table'
import { OUTBOX_ENTITY } from '@app/core/events/outbox'
import { ScanCommand } from '@aws-sdk/lib-dynamodb'

/** The outbox items of one organization and type (the test table is small enough to scan). */
export async function eventsOf(orgId: string, type: string) {
  return (await eventItemsOf(orgId, type)).map((item) => item.payload as Record<string, unknown>)
}

export async function eventItemsOf(orgId: string, type: string) {
  const found: Record<string, unknown>[] = []
  let ExclusiveStartKey: Record<string, unknown> | undefined
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'entity = :entity AND organizationId = :org AND #type = :type',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':entity': OUTBOX_ENTITY, ':org': orgId, ':type': type },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    )
    found.push(...(page.Items ?? []))
    ExclusiveStartKey = page.LastEvaluatedKey
  } while (ExclusiveStartKey)
  return found
}
