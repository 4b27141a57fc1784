import { type AwsAccount, type EnableMonitoringBody, EnableMonitoringBodySchema } from '@app/contracts'
import type { Actor } from '../actor'
import { requireConnection, requireVerifiedConnection, toAwsAccount } from '../aws-accounts/aws-accounts'
import { toCustomerAwsError } from '../aws-accounts/aws-errors'
import * as AwsAccounts from '../aws-accounts/public'
import { nowIso } from '../db/table'
import { AppError } from '../errors'
import { createInAccount, monitoringNames, removeFromAccount } from './resources'

/**
 * Turns monitoring on for a connection: in the customer's account an SNS topic subscribed to our events
 * endpoint, and a configuration set whose event destination publishes the chosen SES events to it. Sends
 * through us use the set from then on. Running it again repairs what is missing and applies new event types.
 * If a first enabling fails half-way, what it created is removed again.
 */
export async function enableMonitoring(
  actor: Actor,
  id: string,
  input: EnableMonitoringBody,
): Promise<AwsAccount> {
  const body = EnableMonitoringBodySchema.parse(input)
  const current = await requireConnection(actor, id, 'aws_accounts.manage')
  // The plan gate checked the organization in the body: it must be the connection's.
  if (current.orgId !== body.organizationId)
    throw new AppError('aws_account.not_found', 'No such AWS account.')
  const connection = await requireVerifiedConnection(actor, id)
  const previous = connection.monitoring
  try {
    await createInAccount(connection, body.eventTypes, previous)
  } catch (error) {
    if (!previous) {
      const names = monitoringNames(connection.id)
      const partial = await AwsAccounts.getConnection(connection.orgId, id)
      await removeFromAccount(connection, {
        ...(partial?.monitoring ?? {
          state: 'PENDING_CONFIRMATION',
          configurationSetName: names.configurationSet,
          eventDestinationName: names.eventDestination,
          topicArn: '',
          eventTypes: body.eventTypes,
          enabledAt: nowIso(),
          confirmedAt: null,
        }),
      }).catch(() => undefined)
      await AwsAccounts.setMonitoring(connection.orgId, id, null)
    }
    throw toCustomerAwsError(error, 'set up monitoring')
  }
  const updated = await AwsAccounts.getConnection(connection.orgId, id)
  if (!updated) throw new AppError('aws_account.not_found', 'No such AWS account.')
  return toAwsAccount(updated)
}

/**
 * Removes exactly what enable-monitoring created (event destination, configuration set, topic with its
 * subscription) and forgets it. The message log stays. Not plan-gated: a team that left its plan can clean up.
 */
export async function disableMonitoring(actor: Actor, id: string): Promise<AwsAccount> {
  const current = await requireConnection(actor, id, 'aws_accounts.manage')
  if (!current.monitoring)
    throw new AppError('monitoring.not_enabled', 'Monitoring is not on for this AWS account.')
  const connection = await requireVerifiedConnection(actor, id)
  const monitoring = connection.monitoring ?? current.monitoring
  try {
    await removeFromAccount(connection, monitoring)
  } catch (error) {
    throw toCustomerAwsError(error, 'remove the monitoring set-up')
  }
  await AwsAccounts.setMonitoring(connection.orgId, id, null)
  const { monitoring: _removed, ...rest } = connection
  return toAwsAccount(rest)
}
