import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { mergeDuplicateConnections } from '../aws-accounts/duplicates'
import { migrationKey, organizationKey, PROFILE } from '../db/keys'
import { nowIso, tableName } from '../db/table'
import { TransactionFailed, transact } from '../db/transact'
import { type ListIndexesWritten, writeListIndexes } from './list-indexes'
import { movePublicationsToAccounts, type PublicationsMoved } from './publications-migration'

/**
 * Data migrations, per organization. Each runs in two places, so none can be missed: lazily, the first time an
 * organization's migrated data is touched (`ensureOrganizationMigrated`, then a marker item says it is done),
 * and for every organization on deploy and on `npm start` (`migrateAllOrganizations`, which ignores markers and
 * so also catches what an older Lambda still running during a deploy wrote the old way). Every step is safe to
 * repeat.
 *
 * `aws-account-publications`: one connection per AWS account and region (claims written, older duplicates
 * flagged `duplicateOf`), and SES publication records moved from the connection id to the account and region.
 * `list-indexes` (adds a step; the marker names the newest): template heads and blocks get the attributes of the
 * list indexes, so their lists page in the database.
 */
export const CURRENT_MIGRATION = 'list-indexes'

export interface OrganizationMigrated extends PublicationsMoved, ListIndexesWritten {
  orgId: string
  duplicates: number
}

/** Organizations this process has seen migrated (markers never go away, so the answer cannot go stale). */
const migrated = new Set<string>()

export async function migrateOrganization(orgId: string): Promise<OrganizationMigrated> {
  const connections = await mergeDuplicateConnections(orgId)
  const moved = await movePublicationsToAccounts(orgId, connections)
  const { indexed } = await writeListIndexes(orgId)
  try {
    await transact([
      {
        name: 'migration.marker',
        Put: {
          TableName: tableName(),
          Item: {
            ...migrationKey(orgId, CURRENT_MIGRATION),
            entity: 'Migration',
            name: CURRENT_MIGRATION,
            at: nowIso(),
            ...moved,
            indexed,
          },
        },
      },
      // No marker in the partition of an organization being deleted.
      {
        name: 'organization',
        ConditionCheck: {
          TableName: tableName(),
          Key: organizationKey(orgId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
    ])
  } catch (error) {
    if (!(error instanceof TransactionFailed && error.conditionFailed('organization'))) throw error
  }
  migrated.add(orgId)
  return {
    orgId,
    ...moved,
    indexed,
    duplicates: connections.filter((connection) => connection.duplicateOf).length,
  }
}

/** Migrates the organization unless its marker says it is done (one consistent read per process and org). */
export async function ensureOrganizationMigrated(orgId: string): Promise<void> {
  if (migrated.has(orgId)) return
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: migrationKey(orgId, CURRENT_MIGRATION),
      ConsistentRead: true,
    }),
  )
  if (Item) migrated.add(orgId)
  else await migrateOrganization(orgId)
}

/** Every organization, markers or not (deploy and `npm start`). Returns what changed. */
export async function migrateAllOrganizations(): Promise<OrganizationMigrated[]> {
  const changed: OrganizationMigrated[] = []
  let ExclusiveStartKey: Record<string, unknown> | undefined
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'SK = :profile AND begins_with(PK, :org)',
        ExpressionAttributeValues: { ':profile': PROFILE, ':org': 'ORG#' },
        ProjectionExpression: 'PK',
        ExclusiveStartKey,
      }),
    )
    for (const item of page.Items ?? []) {
      const report = await migrateOrganization(String(item.PK).slice('ORG#'.length))
      if (report.moved + report.dropped + report.duplicates + report.indexed > 0) changed.push(report)
    }
    ExclusiveStartKey = page.LastEvaluatedKey
  } while (ExclusiveStartKey)
  return changed
}
