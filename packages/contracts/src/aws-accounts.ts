import * as z from 'zod'
import { UlidSchema } from './ids'

/** Regions where Amazon SES (v2) runs; a connection picks one. */
export const SES_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'ca-central-1',
  'sa-east-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-central-1',
  'eu-central-2',
  'eu-north-1',
  'eu-south-1',
  'ap-south-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-southeast-3',
  'af-south-1',
  'il-central-1',
  'me-south-1',
] as const
export const SesRegionSchema = z.enum(SES_REGIONS, { message: 'Choose a region where Amazon SES runs.' })
export type SesRegion = z.infer<typeof SesRegionSchema>

/**
 * Everything the product does in a customer's AWS account, and nothing more: the cross-account role of the
 * CloudFormation template grants exactly these actions (SES v2 action names), and the local stand-in enforces them.
 */
export const CUSTOMER_ROLE_ACTIONS = [
  // Account status, sandbox exit, suppression list size
  'ses:GetAccount',
  'ses:PutAccountDetails',
  'ses:ListSuppressedDestinations',
  // Sender identities
  'ses:ListEmailIdentities',
  'ses:GetEmailIdentity',
  'ses:CreateEmailIdentity',
  'ses:DeleteEmailIdentity',
  'ses:PutEmailIdentityMailFromAttributes',
  // Sending (test sends, campaigns)
  'ses:SendEmail',
  'ses:SendBulkEmail',
  // Templates (publish, import, drift)
  'ses:ListEmailTemplates',
  'ses:GetEmailTemplate',
  'ses:CreateEmailTemplate',
  'ses:UpdateEmailTemplate',
  'ses:DeleteEmailTemplate',
  'ses:TestRenderEmailTemplate',
  // Monitoring: a configuration set whose events go to an SNS topic we subscribe to
  'ses:CreateConfigurationSet',
  'ses:GetConfigurationSet',
  'ses:DeleteConfigurationSet',
  'ses:CreateConfigurationSetEventDestination',
  'ses:GetConfigurationSetEventDestinations',
  'ses:DeleteConfigurationSetEventDestination',
  'sns:CreateTopic',
  'sns:DeleteTopic',
  'sns:GetTopicAttributes',
  'sns:SetTopicAttributes',
  'sns:Subscribe',
  'sns:Unsubscribe',
] as const

/** The role the template creates; the customer pastes its ARN back. */
export const CUSTOMER_ROLE_NAME = 'SesStudioAccess'

/**
 * The CloudFormation template a customer deploys (quick-create link or by hand): one IAM role that our AWS
 * account may assume only with the connection's ExternalId, allowed exactly `CUSTOMER_ROLE_ACTIONS`.
 */
export function customerRoleTemplate(platformAccountId: string) {
  return {
    AWSTemplateFormatVersion: '2010-09-09',
    Description:
      'SES Studio: lets SES Studio manage Amazon SES templates, identities and sending in this account.',
    Parameters: {
      ExternalId: {
        Type: 'String',
        MinLength: 16,
        Description:
          'The ExternalId SES Studio showed for this connection (keeps other SES Studio users out).',
      },
    },
    Resources: {
      SesStudioAccessRole: {
        Type: 'AWS::IAM::Role',
        Properties: {
          RoleName: { 'Fn::Sub': `${CUSTOMER_ROLE_NAME}-\${AWS::Region}` },
          Description: 'Assumed by SES Studio with the ExternalId of this connection',
          MaxSessionDuration: 3600,
          AssumeRolePolicyDocument: {
            Version: '2012-10-17',
            Statement: [
              {
                Effect: 'Allow',
                Principal: { AWS: `arn:aws:iam::${platformAccountId}:root` },
                Action: 'sts:AssumeRole',
                Condition: { StringEquals: { 'sts:ExternalId': { Ref: 'ExternalId' } } },
              },
            ],
          },
          Policies: [
            {
              PolicyName: 'SesStudioAccess',
              PolicyDocument: {
                Version: '2012-10-17',
                Statement: [{ Effect: 'Allow', Action: [...CUSTOMER_ROLE_ACTIONS], Resource: '*' }],
              },
            },
          ],
        },
      },
    },
    Outputs: {
      RoleArn: {
        Description: 'Paste this into SES Studio',
        Value: { 'Fn::GetAtt': ['SesStudioAccessRole', 'Arn'] },
      },
    },
  }
}

export const AwsAccountIdSchema = z.string().regex(/^\d{12}$/)
export const RoleArnSchema = z
  .string()
  .trim()
  .regex(/^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/, {
    message: 'Paste the role ARN, like arn:aws:iam::123456789012:role/SesStudioAccess-us-east-1.',
  })
export const AccessKeyIdSchema = z
  .string()
  .trim()
  .regex(/^(AKIA|ASIA)[A-Z0-9]{12,124}$/, {
    message: 'An access key id starts with AKIA, like AKIAIOSFODNN7EXAMPLE.',
  })
export const SecretAccessKeySchema = z
  .string()
  .trim()
  .min(16, { message: 'The secret access key is 40 characters.' })
  .max(128)

export const AwsAccountIdParamsSchema = z.object({ id: UlidSchema }).strict()
