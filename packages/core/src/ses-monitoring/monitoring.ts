import type { AwsAccount, EnableMonitoringBodySchema } from '@app/contracts'
import type * as z from 'zod'
import * as AwsAccounts from '../aws-accounts/public'
import {
  assertVerified,
  removeFromAccount,
  requireConnection,
  requireVerifiedConnection,
  toAwsAccount,
  toCustomerAwsError,
} from '../aws-accounts/public'
import { nowIso } from '../db/table'
import { AppError } from '../errors'
import type { OrganizationContext } from '../organizations/public'
import { createInAccount, monitoringNames } from './resources'

/**
 * Turns monitoring on for a connection: in the customer's account an SNS topic subscribed to our events
 * endpoint, and a configuration set whose event destination publishes the chosen SES events to it. Sends
 * through us use the set from then on. Running it again repairs what is missing and applies new event types.
 * If a first enabling fails half-way, what it created is removed again.
 */
export async function enableMonitoring(
  context: OrganizationContext,
  id: string,
  body: z.output<typeof EnableMonitoringBodySchema>,
): Promise<AwsAccount> {
  // The organization is the one the body names (the plan gate's): the connection must be one of its own.
  const connection = await requireVerifiedConnection(context, id)
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
export async function disableMonitoring(context: OrganizationContext, id: string): Promise<AwsAccount> {
  const current = await requireConnection(context, id)
  const monitoring = current.monitoring
  if (!monitoring) throw new AppError('monitoring.not_enabled', 'Monitoring is not on for this AWS account.')
  const connection = assertVerified(current)
  try {
    await removeFromAccount(connection, monitoring)
  } catch (error) {
    throw toCustomerAwsError(error, 'remove the monitoring set-up')
  }
  await AwsAccounts.setMonitoring(connection.orgId, id, null)
  const { monitoring: _removed, ...rest } = connection
  return toAwsAccount(rest)
}
