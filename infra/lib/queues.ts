import { QUEUES, type QueueName } from '@app/contracts'
import { WORKER_ACCESS } from '@app/functions/access'
import { Duration } from 'aws-cdk-lib'
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch'
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions'
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs'
import { Construct } from 'constructs'
import { sideModulesOf } from './access'
import { pascalCase } from './names'
import { ServiceFunction } from './service-function'

export interface QueuesProps {
  workerEntry: (worker: string) => string
  alarmTopic: ITopic
  withSentry: boolean
}

export interface WorkerQueue {
  queue: Queue
  deadLetterQueue: Queue
  worker: ServiceFunction
  alarm: Alarm
}

/**
 * One queue per `QUEUES` entry, each with a dead-letter queue, an alarm on it, and its worker. Workers get their
 * environment and what `functions/src/workers/<worker>.access.ts` declares from the stack once the rest exists
 * (`addEnvironment`, `grantAccess`).
 */
export class Queues extends Construct {
  readonly byName: Record<QueueName, WorkerQueue>

  constructor(scope: Construct, id: string, props: QueuesProps) {
    super(scope, id)
    const entries = Object.entries(QUEUES) as [QueueName, (typeof QUEUES)[QueueName]][]
    this.byName = Object.fromEntries(
      entries.map(([name, spec]) => [name, this.createWorkerQueue(name, spec, props)]),
    ) as Record<QueueName, WorkerQueue>
  }

  get all(): WorkerQueue[] {
    return Object.values(this.byName)
  }

  /** `{ PURGE_QUEUE_URL: … }` for every queue, so any function can read any queue's URL by its contract name. */
  get urlEnvironment(): Record<string, string> {
    const entries = Object.entries(QUEUES) as [QueueName, (typeof QUEUES)[QueueName]][]
    return Object.fromEntries(entries.map(([name, spec]) => [spec.urlEnv, this.byName[name].queue.queueUrl]))
  }

  private createWorkerQueue(
    name: QueueName,
    spec: (typeof QUEUES)[QueueName],
    props: QueuesProps,
  ): WorkerQueue {
    const scope = new Construct(this, pascalCase(name))
    const deadLetterQueue = new Queue(scope, 'DeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    })
    const visibilityTimeout = Duration.seconds(spec.visibilityTimeoutSeconds)
    const queue = new Queue(scope, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout,
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: spec.maxReceiveCount },
    })
    const worker = new ServiceFunction(scope, 'Worker', {
      entry: props.workerEntry(spec.worker),
      environment: {},
      // AWS's guidance: a queue's visibility timeout at least six times its consumer's timeout, so a message
      // is not redelivered while a retried invocation still holds it.
      timeout: Duration.seconds(Math.floor(spec.visibilityTimeoutSeconds / 6)),
      withSentry: props.withSentry,
      sideModules: sideModulesOf(WORKER_ACCESS[name]),
    })
    worker.function.addEventSource(
      new SqsEventSource(queue, { batchSize: spec.batchSize, reportBatchItemFailures: true }),
    )
    const alarm = new Alarm(scope, 'DeadLetterAlarm', {
      alarmDescription: `Messages of the ${name} queue failed ${spec.maxReceiveCount} times and wait in its dead-letter queue.`,
      metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: 'Maximum',
      }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    })
    alarm.addAlarmAction(new SnsAction(props.alarmTopic))
    return { queue, deadLetterQueue, worker, alarm }
  }
}
