import { App, Stack } from 'aws-cdk-lib'
import { Match, Template } from 'aws-cdk-lib/assertions'
import { Queue } from 'aws-cdk-lib/aws-sqs'
import { describe, expect, test } from 'vitest'
import { CampaignSchedules } from '../lib/campaign-schedules'

/** The construct alone (no function bundling): its group and the role EventBridge Scheduler assumes. */
function synth() {
  const stack = new Stack(new App(), 'Schedules', { env: { account: '111122223333', region: 'eu-west-1' } })
  const target = new Queue(stack, 'Target')
  new CampaignSchedules(stack, 'CampaignSchedules', { target, stage: 'prod' })
  return {
    template: Template.fromStack(stack),
    targetId: stack.getLogicalId(target.node.defaultChild as never),
  }
}

describe('campaign schedules', () => {
  const { template, targetId } = synth()

  test('one schedule group for the campaigns’ one-time schedules', () => {
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1)
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'ses-studio-prod-campaigns' })
  })

  test('only Scheduler, for this account’s campaign schedules, may assume the role', () => {
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          {
            Action: 'sts:AssumeRole',
            Effect: 'Allow',
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: {
              StringEquals: { 'aws:SourceAccount': '111122223333' },
              ArnLike: {
                'aws:SourceArn': Match.objectLike({
                  'Fn::Join': [
                    '',
                    Match.arrayWith([Match.stringLikeRegexp(':schedule/ses-studio-prod-campaigns/\\*$')]),
                  ],
                }),
              },
            },
          },
        ],
      },
    })
  })

  test('the role may only send to the target queue', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy'))
    expect(policies).toHaveLength(1)
    const statements = policies[0]?.Properties.PolicyDocument.Statement ?? []
    expect(statements).toEqual([
      {
        Action: ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'],
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [targetId, 'Arn'] },
      },
    ])
  })
})
