import * as z from 'zod'
import { emailAddress } from '../email-address'
import { httpUrl } from '../http-url'
import { UlidSchema } from '../ids'
import { PageSchema } from '../page'
import { AwsMonitoringSchema } from '../ses-monitoring/schemas'
import { atLeastOneField, nonBlankPattern, safeName, wellFormedText } from '../text'

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

/** Region names as the AWS console shows them. */
export const SES_REGION_NAMES: Record<SesRegion, string> = {
  'us-east-1': 'US East (N. Virginia)',
  'us-east-2': 'US East (Ohio)',
  'us-west-1': 'US West (N. California)',
  'us-west-2': 'US West (Oregon)',
  'ca-central-1': 'Canada (Central)',
  'sa-east-1': 'South America (São Paulo)',
  'eu-west-1': 'Europe (Ireland)',
  'eu-west-2': 'Europe (London)',
  'eu-west-3': 'Europe (Paris)',
  'eu-central-1': 'Europe (Frankfurt)',
  'eu-central-2': 'Europe (Zurich)',
  'eu-north-1': 'Europe (Stockholm)',
  'eu-south-1': 'Europe (Milan)',
  'ap-south-1': 'Asia Pacific (Mumbai)',
  'ap-northeast-1': 'Asia Pacific (Tokyo)',
  'ap-northeast-2': 'Asia Pacific (Seoul)',
  'ap-northeast-3': 'Asia Pacific (Osaka)',
  'ap-southeast-1': 'Asia Pacific (Singapore)',
  'ap-southeast-2': 'Asia Pacific (Sydney)',
  'ap-southeast-3': 'Asia Pacific (Jakarta)',
  'af-south-1': 'Africa (Cape Town)',
  'il-central-1': 'Israel (Tel Aviv)',
  'me-south-1': 'Middle East (Bahrain)',
}

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
  .regex(nonBlankPattern(16), { message: 'The secret access key is 40 characters.' })

export const AwsAccountIdParamsSchema = z.object({ id: UlidSchema }).strict()

export const AWS_CONNECTION_METHODS = ['role', 'keys'] as const
export const AwsConnectionMethodSchema = z.enum(AWS_CONNECTION_METHODS)

/** Why a live check failed; each comes with a message saying what to do. */
export const AWS_CHECK_CODES = [
  'role_missing',
  'role_not_assumable',
  'role_invalid',
  'keys_invalid',
  'secret_mismatch',
  'permission_missing',
  'throttled',
  'unreachable',
] as const
export type AwsCheckCode = (typeof AWS_CHECK_CODES)[number]

/** The outcome of the last live check (`GetAccount` through the customer's credentials). */
export const AwsAccountCheckSchema = z.object({
  ok: z.boolean(),
  checkedAt: z.iso.datetime(),
  /** Null when ok. */
  code: z.enum(AWS_CHECK_CODES).nullable(),
  /** What failed, in words a user can act on. */
  message: z.string().nullable(),
})
export type AwsAccountCheck = z.infer<typeof AwsAccountCheckSchema>

/** Campaigns' share of an account's MaxSendRate, in percent, unless the account says otherwise. */
export const DEFAULT_SEND_SHARE_PERCENT = 80
export const MIN_SEND_SHARE_PERCENT = 10
export const MAX_SEND_SHARE_PERCENT = 100

/**
 * The part of the account's MaxSendRate campaigns may use, in whole percent (10–100): the rest is left to the
 * customer's other mail. The shared send limiter reads it on every lease, so a change applies to running campaigns.
 */
export const SendSharePercentSchema = z
  .number({ message: 'sendSharePercent must be a whole number from 10 to 100.' })
  .int({ message: 'sendSharePercent must be a whole number from 10 to 100.' })
  .min(MIN_SEND_SHARE_PERCENT, { message: 'sendSharePercent must be at least 10.' })
  .max(MAX_SEND_SHARE_PERCENT, { message: 'sendSharePercent must be at most 100.' })

export const AwsAccountSchema = z.object({
  id: UlidSchema,
  organizationId: UlidSchema,
  /** Shown as 'Default' when empty (spec §3). */
  name: z.string(),
  region: SesRegionSchema,
  method: AwsConnectionMethodSchema,
  /** Role connections: the role to assume, once pasted back. */
  roleArn: z.string().nullable(),
  /** Role connections: the ExternalId the customer's role must require (not a secret; unique per connection). */
  externalId: z.string().nullable(),
  /** Role connections: CloudFormation quick-create link for the template with this ExternalId. */
  quickCreateUrl: z.string().nullable(),
  /** Key connections: the access key id (the secret is never returned). */
  awsAccessKeyId: z.string().nullable(),
  /** The 12-digit AWS account the credentials reach, known after a successful check. */
  awsAccountNumber: z.string().nullable(),
  awsAccountVerified: z.boolean(),
  lastCheck: AwsAccountCheckSchema.nullable(),
  /** SES event monitoring (logs & metrics); null when off. */
  monitoring: AwsMonitoringSchema.nullable(),
  /**
   * Set on a connection made, before one connection per AWS account and region was the rule, to the same account
   * and region as an older one (this id): SES publication state is shared with it; delete this one.
   */
  duplicateOf: UlidSchema.nullable(),
  /** Campaigns' share of MaxSendRate in percent (default 80). */
  sendSharePercent: SendSharePercentSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type AwsAccount = z.infer<typeof AwsAccountSchema>

/** Every connection of the organization (a few, bounded by the plan): one page, `nextCursor` null. */
export const AwsAccountListSchema = PageSchema(AwsAccountSchema)

const NameSchema = safeName(z.string().trim().max(60, { message: 'Name is at most 60 characters.' }))

export const CreateAwsAccountBodySchema = z.discriminatedUnion('method', [
  z
    .object({
      method: z.literal('role'),
      name: NameSchema.default(''),
      region: SesRegionSchema,
      /** Optional: a role created beforehand; otherwise paste it later with PATCH. */
      roleArn: RoleArnSchema.optional(),
    })
    .strict(),
  z
    .object({
      method: z.literal('keys'),
      name: NameSchema.default(''),
      region: SesRegionSchema,
      accessKeyId: AccessKeyIdSchema,
      secretAccessKey: SecretAccessKeySchema,
    })
    .strict(),
])
export type CreateAwsAccountBody = z.input<typeof CreateAwsAccountBodySchema>

export const UpdateAwsAccountBodySchema = atLeastOneField(
  z
    .object({
      name: NameSchema,
      region: SesRegionSchema,
      /** Role connections: the role ARN from the stack's output (verifies at once). */
      roleArn: RoleArnSchema,
      /** Key connections: rotate both together (verifies at once). */
      credentials: z
        .object({ accessKeyId: AccessKeyIdSchema, secretAccessKey: SecretAccessKeySchema })
        .strict(),
      /** Run the live check again. */
      verify: z.literal(true),
      /** Campaigns' share of MaxSendRate in percent, 10–100; running campaigns take it at their next lease. */
      sendSharePercent: SendSharePercentSchema,
    })
    .partial()
    .strict(),
)
export type UpdateAwsAccountBody = z.infer<typeof UpdateAwsAccountBodySchema>

export const SesAccountStatusSchema = z.object({
  region: SesRegionSchema,
  /** False while the account is in the SES sandbox. */
  productionAccessEnabled: z.boolean(),
  sendingEnabled: z.boolean(),
  /** HEALTHY, PROBATION or SHUTDOWN. */
  enforcementStatus: z.string().nullable(),
  sendQuota: z.object({
    max24HourSend: z.number(),
    maxSendRate: z.number(),
    sentLast24Hours: z.number(),
  }),
  identities: z.object({ total: z.number().int(), verified: z.number().int() }),
  suppressedDestinations: z.number().int(),
  /** The production-access request, once made. */
  review: z
    .object({
      status: z.string(),
      caseId: z.string().nullable(),
    })
    .nullable(),
  checkedAt: z.iso.datetime(),
})
export type SesAccountStatus = z.infer<typeof SesAccountStatusSchema>

export const MAIL_TYPES = ['MARKETING', 'TRANSACTIONAL'] as const
export const CONTACT_LANGUAGES = ['EN', 'JA'] as const

export const LeaveSandboxBodySchema = z
  .object({
    mailType: z.enum(MAIL_TYPES),
    websiteUrl: httpUrl(
      z.url({ protocol: /^https?$/, message: 'Enter the website, like https://example.com.' }).max(1000),
      'http',
    ),
    useCaseDescription: wellFormedText(
      z
        .string()
        .trim()
        .min(50, { message: 'Describe the use case in at least 50 characters: AWS reviews it.' })
        .max(5000)
        .regex(nonBlankPattern(50), {
          message: 'Describe the use case in at least 50 characters: AWS reviews it.',
        }),
      'The use case description',
    ),
    additionalContactEmailAddresses: z.array(emailAddress()).max(4).default([]),
    contactLanguage: z.enum(CONTACT_LANGUAGES).default('EN'),
  })
  .strict()
export type LeaveSandboxBody = z.input<typeof LeaveSandboxBodySchema>

export const AwsAccountQuerySchema = z.object({ awsAccountId: UlidSchema }).strict()
