import { EVENT_DISPATCHER } from '@app/contracts'
import { EVENT_DISPATCHER_ACCESS } from '@app/functions/access'
import { Duration, Validations } from 'aws-cdk-lib'
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch'
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions'
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda'
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs'
import { Construct } from 'constructs'
import { type AccessResources, grantAccess } from './access'
import { ServiceFunction } from './service-function'

/** Must equal `OUTBOX_ENTITY` in core's `events/outbox.ts`: the stream filter lets only these items through. */
export const OUTBOX_ENTITY = 'OutboxEvent'

export interface EventDispatcherProps {
  workerEntry: (worker: string) => string
  alarmTopic: ITopic
  withSentry: boolean
  /** What the dispatcher's declaration is granted from; the table has its stream on (NEW_IMAGE). */
  resources: AccessResources
}

/**
 * Domain events: the table's stream → the dispatcher function, for inserted outbox items only. A failing
 * record is retried (the batch bisected to isolate it), then sent with its stream position to a dead-letter
 * queue watched by an alarm; subscribers deduplicate by event id, so retries never act twice.
 */
export class EventDispatcher extends Construct {
  readonly dispatcher: ServiceFunction
  readonly deadLetterQueue: Queue
  readonly alarm: Alarm

  constructor(scope: Construct, id: string, props: EventDispatcherProps) {
    super(scope, id)
    this.deadLetterQueue = new Queue(this, 'DeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    })
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        "This is a dead-letter queue: the stream event source's on-failure destination (not another queue's redrive).",
    })
    this.dispatcher = new ServiceFunction(this, 'Dispatcher', {
      entry: props.workerEntry(EVENT_DISPATCHER.worker),
      environment: {},
      timeout: Duration.seconds(EVENT_DISPATCHER.timeoutSeconds),
      withSentry: props.withSentry,
    })
    const fn = this.dispatcher.function
    fn.addEventSource(
      new DynamoEventSource(props.resources.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: EVENT_DISPATCHER.batchSize,
        bisectBatchOnError: true,
        retryAttempts: EVENT_DISPATCHER.retryAttempts,
        maxRecordAge: Duration.seconds(EVENT_DISPATCHER.maxRecordAgeSeconds),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetterQueue),
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { entity: { S: FilterRule.isEqual(OUTBOX_ENTITY) } } },
          }),
        ],
      }),
    )
    Validations.of(this.dispatcher).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'dynamodb:ListStreams has no resource-level permissions; the stream itself is read by its ARN (grantStreamRead).',
    })

    grantAccess(this.dispatcher, EVENT_DISPATCHER_ACCESS, props.resources)

    this.alarm = new Alarm(this, 'DeadLetterAlarm', {
      alarmDescription:
        'Domain events failed every retry of the event dispatcher; their stream positions wait in its dead-letter queue.',
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: 'Maximum',
      }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    })
    this.alarm.addAlarmAction(new SnsAction(props.alarmTopic))
  }
}
