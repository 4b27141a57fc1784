import { mergeDuplicateConnections } from '../aws-accounts/duplicates'
import { type ListIndexesWritten, writeListIndexes } from './list-indexes'
import { hasMarker, organizationIdsPage, writeMarker } from './migrations.repo'
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
  await writeMarker(orgId, CURRENT_MIGRATION, { ...moved, indexed })
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
  if (await hasMarker(orgId, CURRENT_MIGRATION)) migrated.add(orgId)
  else await migrateOrganization(orgId)
}

/** Every organization, markers or not (deploy and `npm start`). Returns what changed. */
export async function migrateAllOrganizations(): Promise<OrganizationMigrated[]> {
  const changed: OrganizationMigrated[] = []
  let startKey: Record<string, unknown> | undefined
  do {
    const page = await organizationIdsPage(startKey)
    for (const orgId of page.ids) {
      const report = await migrateOrganization(orgId)
      if (report.moved + report.dropped + report.duplicates + report.indexed > 0) changed.push(report)
    }
    startKey = page.next
  } while (startKey)
  return changed
}
