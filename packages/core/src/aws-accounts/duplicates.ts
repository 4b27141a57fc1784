import { claimHolder, releaseClaim } from './account-claims.repo'
import type { AwsConnectionRecord } from './aws-accounts.repo'
import * as Repo from './aws-accounts.repo'

/**
 * Connections from before "one connection per AWS account and region": each account and region gets its claim,
 * held by the connection that already holds it or else the oldest; the others reaching the same account and
 * region are flagged `duplicateOf` it (kept, not deleted: they may carry monitoring and message logs, and the user
 * decides). Safe to repeat. Returns the organization's connections as they are afterwards.
 */
export async function mergeDuplicateConnections(orgId: string): Promise<AwsConnectionRecord[]> {
  const connections = await Repo.listConnections(orgId)
  const groups = new Map<string, AwsConnectionRecord[]>()
  for (const connection of connections) {
    if (!connection.awsAccountNumber) continue
    const key = `${connection.awsAccountNumber}#${connection.region}`
    groups.set(key, [...(groups.get(key) ?? []), connection])
  }
  let changed = false
  for (const group of groups.values()) {
    const first = group[0] as AwsConnectionRecord
    const number = first.awsAccountNumber as string
    const holderId = await claimHolder(orgId, number, first.region)
    const holder = group.find((connection) => connection.id === holderId)
    // A claim left by a connection that no longer reaches this account and region is stale.
    if (holderId && !holder) await releaseClaim(orgId, number, first.region, holderId)
    const kept = holder ?? first
    if (kept.duplicateOf) {
      await Repo.promoteDuplicate(kept, kept.id)
      changed = true
    } else if (!holder) {
      await Repo.takeClaim(kept)
    }
    for (const other of group) {
      if (other.id === kept.id || other.duplicateOf === kept.id) continue
      await Repo.flagDuplicate(orgId, other.id, kept.id)
      changed = true
    }
  }
  return changed ? Repo.listConnections(orgId) : connections
}

/**
 * Before a connection holding its account's claim goes: its oldest flagged duplicate takes the claim over (and
 * stops being a duplicate), the other duplicates now point at that one.
 */
export async function handOverClaim(connection: AwsConnectionRecord): Promise<void> {
  if (!connection.awsAccountNumber || connection.duplicateOf) return
  const duplicates = (await Repo.listConnections(connection.orgId)).filter(
    (other) => other.duplicateOf === connection.id,
  )
  const [heir, ...others] = duplicates
  if (!heir) return
  await Repo.promoteDuplicate(heir, connection.id)
  for (const other of others) await Repo.flagDuplicate(connection.orgId, other.id, heir.id)
}
