import { SCHEDULES, type ScheduleName } from '@app/contracts'
import { SCHEDULE_ACCESS } from '@app/functions/access'
import { Duration } from 'aws-cdk-lib'
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch'
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions'
import { Rule, Schedule } from 'aws-cdk-lib/aws-events'
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import { Construct } from 'constructs'
import { sideModulesOf } from './access'
import { pascalCase } from './names'
import { ServiceFunction } from './service-function'

export interface SchedulesProps {
  workerEntry: (worker: string) => string
  alarmTopic: ITopic
  withSentry: boolean
}

export interface ScheduledFunction {
  rule: Rule
  worker: ServiceFunction
  alarm: Alarm
}

/**
 * One EventBridge rule per `SCHEDULES` entry invoking its function (retried twice by EventBridge within an
 * hour), with an alarm when an invocation fails. The functions get their environment and what
 * `functions/src/workers/<worker>.access.ts` declares from the stack (`setEnvironment`, `grantAccess`).
 */
export class Schedules extends Construct {
  readonly byName: Record<ScheduleName, ScheduledFunction>

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id)
    const entries = Object.entries(SCHEDULES) as [ScheduleName, (typeof SCHEDULES)[ScheduleName]][]
    this.byName = Object.fromEntries(
      entries.map(([name, spec]) => [name, this.createScheduled(name, spec, props)]),
    ) as Record<ScheduleName, ScheduledFunction>
  }

  get all(): ScheduledFunction[] {
    return Object.values(this.byName)
  }

  private createScheduled(
    name: ScheduleName,
    spec: (typeof SCHEDULES)[ScheduleName],
    props: SchedulesProps,
  ): ScheduledFunction {
    const scope = new Construct(this, pascalCase(name))
    const worker = new ServiceFunction(scope, 'Worker', {
      entry: props.workerEntry(spec.worker),
      environment: {},
      timeout: Duration.seconds(spec.timeoutSeconds),
      withSentry: props.withSentry,
      sideModules: sideModulesOf(SCHEDULE_ACCESS[name]),
    })
    const rule = new Rule(scope, 'Rule', {
      description: `Runs the ${name} function (${spec.expression}).`,
      schedule: Schedule.expression(spec.expression),
      targets: [new LambdaFunction(worker.function, { retryAttempts: 2, maxEventAge: Duration.hours(1) })],
    })
    const alarm = new Alarm(scope, 'FailureAlarm', {
      alarmDescription: `The scheduled ${name} function failed (see its log); EventBridge retries it twice.`,
      metric: worker.function.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    })
    alarm.addAlarmAction(new SnsAction(props.alarmTopic))
    return { rule, worker, alarm }
  }
}
