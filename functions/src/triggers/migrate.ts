import { createLogger, Migrations } from '@app/core'
import type { CloudFormationCustomResourceEvent } from 'aws-lambda'
import { env } from '../env'

const log = createLogger({ service: 'migrate' }, env.logLevel)

/** Every data migration over every organization (safe to repeat); logs the organizations it changed. */
export async function runMigrations(): Promise<Migrations.OrganizationMigrated[]> {
  const changed = await Migrations.migrateAllOrganizations()
  for (const report of changed) log.info('migration.organization', { ...report })
  log.info('migration.done', { name: Migrations.CURRENT_MIGRATION, organizations: changed.length })
  return changed
}

/**
 * A CloudFormation custom resource: each deploy that changes the migration list runs them after the functions
 * were updated, and answers CloudFormation at its pre-signed ResponseURL. A failure fails the deploy, loudly;
 * organizations are also migrated lazily on first access, so the product keeps reading correctly meanwhile.
 */
export async function handler(event: CloudFormationCustomResourceEvent): Promise<void> {
  let status: 'SUCCESS' | 'FAILED' = 'SUCCESS'
  let reason = 'Migrated'
  if (event.RequestType !== 'Delete') {
    try {
      reason = `Migrated (${(await runMigrations()).length} organizations changed)`
    } catch (error) {
      log.error('migration.failed', { error })
      status = 'FAILED'
      reason = `The data migration failed: ${error instanceof Error ? error.message : String(error)}; see the migrate function's logs.`
    }
  }
  const response = await fetch(event.ResponseURL, {
    method: 'PUT',
    headers: { 'content-type': '' },
    body: JSON.stringify({
      Status: status,
      Reason: reason.slice(0, 1000),
      PhysicalResourceId: 'data-migrations',
      StackId: event.StackId,
      RequestId: event.RequestId,
      LogicalResourceId: event.LogicalResourceId,
    }),
  })
  if (!response.ok) throw new Error(`CloudFormation did not take the answer (${response.status})`)
}
