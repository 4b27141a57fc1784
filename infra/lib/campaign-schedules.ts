import { ENV } from '@app/contracts'
import { Stack, Validations } from 'aws-cdk-lib'
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler'
import type { IQueue } from 'aws-cdk-lib/aws-sqs'
import { Construct } from 'constructs'
import type { ServiceFunction } from './service-function'

export interface CampaignSchedulesProps {
  /** Where a schedule that comes due puts `{ orgId, campaignId }` (the campaign-schedule queue). */
  target: IQueue
  stage: string
}

/**
 * EventBridge Scheduler for scheduled campaigns: a schedule group holding one one-time schedule per campaign
 * (`campaigns/scheduling.ts` creates and deletes them; each deletes itself once it ran), and the role Scheduler
 * assumes to deliver — it may only send to the campaign-schedule queue, and only Scheduler acting for this
 * account's schedules may assume it (the confused-deputy conditions AWS documents for Scheduler's execution role).
 */
export class CampaignSchedules extends Construct {
  readonly group: CfnScheduleGroup
  readonly role: Role
  readonly groupName: string
  private readonly target: IQueue

  constructor(scope: Construct, id: string, props: CampaignSchedulesProps) {
    super(scope, id)
    this.target = props.target
    const stack = Stack.of(this)
    this.groupName = `ses-studio-${props.stage}-campaigns`
    this.group = new CfnScheduleGroup(this, 'Group', { name: this.groupName })
    this.role = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: { 'aws:SourceArn': this.scheduleArns() },
        },
      }),
      description: 'Assumed by EventBridge Scheduler to start scheduled campaigns (sends to one queue only)',
    })
    props.target.grantSendMessages(this.role)
  }

  /** Every schedule of the group (schedules are named per campaign at run time). */
  private scheduleArns(): string {
    return Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.groupName}/*`,
    })
  }

  /** Creates, moves and deletes the group's schedules, handing them the role (and nothing else). */
  grant(fn: ServiceFunction): void {
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'],
        resources: [this.scheduleArns()],
      }),
    )
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    )
    fn.addEnvironment(ENV.campaignScheduleGroup, this.groupName)
    fn.addEnvironment(ENV.campaignSchedulerRoleArn, this.role.roleArn)
    fn.addEnvironment(ENV.campaignScheduleTargetArn, this.target.queueArn)
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${this.groupName}/*]`,
      reason:
        'One schedule per campaign, named by its id at run time, within the campaigns’ own schedule group.',
    })
  }
}
