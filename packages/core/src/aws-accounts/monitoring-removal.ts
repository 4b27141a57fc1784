import {
  DeleteConfigurationSetCommand,
  DeleteConfigurationSetEventDestinationCommand,
} from '@aws-sdk/client-sesv2'
import { DeleteTopicCommand } from '@aws-sdk/client-sns'
import type { AwsConnectionRecord, MonitoringRecord } from './aws-accounts.repo'
import { awsErrorOf } from './aws-errors'
import { customerSes, customerSns } from './customer-clients'

/*
 * What a connection's SES monitoring installed in the customer's account (recorded on the connection as
 * `monitoring`), taken out again. It lives with the connection, not in ses-monitoring, because deleting a
 * connection removes it too, and ses-monitoring builds on aws-accounts, never the other way round.
 */

/** Runs an AWS call, treating "it is not there" as done (removing twice is fine). */
export async function ignoringNotFound(call: () => Promise<unknown>): Promise<void> {
  try {
    await call()
  } catch (error) {
    const name = awsErrorOf(error)?.name
    if (name === 'NotFoundException' || name === 'NotFound') return
    throw error
  }
}

/** Deletes the event destination, the configuration set and the topic (with its subscriptions). */
export async function removeFromAccount(connection: AwsConnectionRecord, monitoring: MonitoringRecord) {
  const ses = await customerSes(connection)
  const sns = await customerSns(connection)
  await ignoringNotFound(() =>
    ses.send(
      new DeleteConfigurationSetEventDestinationCommand({
        ConfigurationSetName: monitoring.configurationSetName,
        EventDestinationName: monitoring.eventDestinationName,
      }),
    ),
  )
  await ignoringNotFound(() =>
    ses.send(new DeleteConfigurationSetCommand({ ConfigurationSetName: monitoring.configurationSetName })),
  )
  // Deleting the topic deletes its subscriptions.
  await ignoringNotFound(() => sns.send(new DeleteTopicCommand({ TopicArn: monitoring.topicArn })))
}
