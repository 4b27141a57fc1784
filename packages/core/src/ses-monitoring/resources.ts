import type { SesEventType } from '@app/contracts'
import {
  CreateConfigurationSetCommand,
  CreateConfigurationSetEventDestinationCommand,
  DeleteConfigurationSetEventDestinationCommand,
} from '@aws-sdk/client-sesv2'
import { CreateTopicCommand, SubscribeCommand } from '@aws-sdk/client-sns'
import type { AwsConnectionRecord, MonitoringRecord } from '../aws-accounts/public'
import * as AwsAccounts from '../aws-accounts/public'
import { awsErrorOf, customerSes, customerSns, ignoringNotFound } from '../aws-accounts/public'
import { nowIso } from '../db/table'
import { AppError } from '../errors'
import { monitoringEnv } from './env'

/** Names of what we create in the customer's account; the connection id keeps them apart per connection. */
export const monitoringNames = (connectionId: string) => ({
  configurationSet: `ses-studio-${connectionId.toLowerCase()}`,
  topic: `ses-studio-events-${connectionId.toLowerCase()}`,
  eventDestination: 'ses-studio-events',
})

/** The connection id a monitoring topic belongs to (its name says it), or null for other topics. */
export function connectionOfTopic(topicName: string): string | null {
  const match = /^ses-studio-events-([0-9a-hjkmnp-tv-z]{26})$/.exec(topicName)
  return match?.[1] ? match[1].toUpperCase() : null
}

const TAGS = [{ Key: 'created-by', Value: 'ses-studio' }]

/**
 * Creates (or repairs) the topic, its subscription to our endpoint, the configuration set and its event
 * destination, storing the monitoring state before subscribing.
 */
export async function createInAccount(
  connection: AwsConnectionRecord,
  eventTypes: SesEventType[],
  previous: MonitoringRecord | undefined,
): Promise<void> {
  const names = monitoringNames(connection.id)
  const ses = await customerSes(connection)
  const sns = await customerSns(connection)
  // CreateTopic answers the existing topic for the same name.
  const { TopicArn } = await sns.send(
    new CreateTopicCommand({
      Name: names.topic,
      Tags: TAGS,
      // SHA256 signatures (SNS defaults to SHA1); the endpoint verifies either.
      Attributes: { SignatureVersion: '2' },
    }),
  )
  if (!TopicArn) throw new AppError('aws.request_failed', 'Amazon SNS created no topic.')
  const kept = previous?.topicArn === TopicArn && previous.state === 'ACTIVE'
  const monitoring: MonitoringRecord = {
    state: kept ? 'ACTIVE' : 'PENDING_CONFIRMATION',
    configurationSetName: names.configurationSet,
    eventDestinationName: names.eventDestination,
    topicArn: TopicArn,
    eventTypes,
    enabledAt: nowIso(),
    confirmedAt: kept ? previous.confirmedAt : null,
    ...(kept && previous.subscriptionArn ? { subscriptionArn: previous.subscriptionArn } : {}),
  }
  // Stored before subscribing: SNS may post the confirmation before Subscribe answers.
  await AwsAccounts.setMonitoring(connection.orgId, connection.id, monitoring)
  const endpoint = monitoringEnv().eventsUrl
  await sns.send(
    new SubscribeCommand({
      TopicArn,
      Protocol: new URL(endpoint).protocol.replace(':', ''),
      Endpoint: endpoint,
      ReturnSubscriptionArn: true,
    }),
  )
  try {
    await ses.send(
      new CreateConfigurationSetCommand({ ConfigurationSetName: names.configurationSet, Tags: TAGS }),
    )
  } catch (error) {
    if (awsErrorOf(error)?.name !== 'AlreadyExistsException') throw error
  }
  // Replaced rather than updated, so a repair also fixes a destination someone edited.
  await ignoringNotFound(() =>
    ses.send(
      new DeleteConfigurationSetEventDestinationCommand({
        ConfigurationSetName: names.configurationSet,
        EventDestinationName: names.eventDestination,
      }),
    ),
  )
  await ses.send(
    new CreateConfigurationSetEventDestinationCommand({
      ConfigurationSetName: names.configurationSet,
      EventDestinationName: names.eventDestination,
      EventDestination: { Enabled: true, MatchingEventTypes: eventTypes, SnsDestination: { TopicArn } },
    }),
  )
}
