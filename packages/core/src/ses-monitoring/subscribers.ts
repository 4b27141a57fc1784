import { listConnections, removeFromAccount } from '../aws-accounts/public'
import { on } from '../events/dispatch'

/** What SES monitoring does when other domains report something. */
export const sesMonitoringSubscribers = [
  /*
   * Takes monitoring's topic and configuration set out of the deleted organization's AWS accounts. Runs before
   * the purge removes the connections (purge subscribes last). Best effort per account, as when one connection
   * is deleted: the customer may have revoked our access already.
   */
  on('organization.deleted', 'ses_monitoring.remove_from_accounts', async (event, { log }) => {
    if (!event.organizationId) return
    for (const connection of await listConnections(event.organizationId)) {
      if (!connection.monitoring || !connection.verified) continue
      await removeFromAccount(connection, connection.monitoring).catch((error: unknown) =>
        log?.warn('ses_monitoring.left_in_account', { awsAccountId: connection.id, error }),
      )
    }
  }),
]
