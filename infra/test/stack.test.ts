import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  AppConfigSchema,
  contentSecurityPolicy,
  ENDPOINT_GROUPS,
  ENV,
  type EndpointGroup,
  EVENT_DISPATCHER,
  type FunctionAccess,
  PASSWORD_POLICY,
  QUEUES,
  ROUTE_LIST,
  routeKey,
  SCHEDULES,
  STATIC_SECURITY_HEADERS,
  TABLE,
  usesJwtAuthorizer,
} from '@app/contracts'
import { gatewayRoutes } from '@app/contracts/gateway-routes'
import { HTTP_ACCESS, SCHEDULE_ACCESS, WORKER_ACCESS } from '@app/functions/access'
import { Match, type Template } from 'aws-cdk-lib/assertions'
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  API_BUNDLE_BUDGET_BYTES,
  apiBundleBudget,
  DOCS_API_BUNDLE_BUDGET_BYTES,
  formatBundleSizes,
  listBundleSizes,
  NON_STRIPE_API_BUNDLE_BUDGET_BYTES,
  PUBLIC_CAMPAIGNS_API_BUNDLE_BUDGET_BYTES,
} from '../lib/bundle-sizes'
import { pascalCase } from '../lib/names'
import {
  actionsOf,
  type Cfn,
  FIXTURE_FRONTEND,
  functionsByEntry,
  renderString,
  resources,
  type Synthesized,
  stagedAppConfig,
  statementsOfFunction,
  synthesize,
  unacknowledgedNagFindings,
} from './synth'

// The real handlers from functions/, so the bundle budget is measured on what ships.
let synth: Synthesized
beforeAll(() => {
  synth = synthesize({
    frontendDist: FIXTURE_FRONTEND,
    context: { mailFrom: 'SES Studio <No-Reply@mail.example.com>' },
  })
})

const REGION = 'eu-west-1'
const STAGE = 'prod'
const ACCOUNT = '111122223333'
const PSEUDO = { 'AWS::Region': REGION, 'AWS::URLSuffix': 'amazonaws.com', 'AWS::AccountId': ACCOUNT }
const httpEntry = (group: string) => `functions/src/http/${group}.ts`
const fn = (entry: string) => {
  const found = functionsByEntry(synth.template).get(entry)
  if (!found) throw new Error(`No function for ${entry}`)
  return found
}

/** The role of the function at `entry` grants what `access` declares and nothing of what it does not. */
function expectRoleToHoldOnly(entry: string, access: FunctionAccess): void {
  const statements = statementsOfFunction(synth.template, fn(entry))
  const actions = actionsOf(statements)
  expect(actions.includes('dynamodb:PutItem'), `${entry} table`).toBe(access.table)
  expect(actions.includes('dynamodb:Scan'), `${entry} scan`).toBe(false)
  expect(actions.includes('cognito-idp:AdminDeleteUser'), `${entry} cognito`).toBe(access.administersUsers)
  expect(actions.includes('sqs:SendMessage'), `${entry} sqs`).toBe(access.sendsTo.length > 0)
  expect(actions.includes('ses:SendEmail'), `${entry} ses`).toBe(access.sendsMail)
  expect(actions.includes('sts:AssumeRole'), `${entry} assume customer roles`).toBe(access.customerAws)
  expect(actions.includes('kms:Decrypt'), `${entry} open sealed keys`).toBe(
    access.customerAws || (access.sealsSecrets ?? false),
  )
  expect(actions.includes('secretsmanager:GetSecretValue'), `${entry} stripe`).toBe(access.stripe)
  expect(actions.includes('s3:PutObject'), `${entry} transfer bucket`).toBe(access.transfers ?? false)
  expect(actions.includes('scheduler:CreateSchedule'), `${entry} campaign schedules`).toBe(
    access.schedulesCampaigns ?? false,
  )
  expect(actions.includes('iam:PassRole'), `${entry} pass a role`).toBe(access.schedulesCampaigns ?? false)
  if (access.customerAws) {
    const assume = statements.find((statement) => statement.Action === 'sts:AssumeRole')
    expect(JSON.stringify(assume.Resource)).toContain(':iam::*:role/SesStudioAccess-*')
  }
  if (access.sendsMail) {
    const send = statements.find((statement) => statement.Action === 'ses:SendEmail')
    expect(send.Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@mail.example.com' } })
  }
  if (access.administersUsers) {
    expect(actions).toEqual(
      expect.arrayContaining([
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminSetUserPassword',
        'cognito-idp:AdminUpdateUserAttributes',
      ]),
    )
  }
}

function bundlePath(assemblyDir: string, logicalId: string, template: Template): string {
  const key: string = template.toJSON().Resources[logicalId].Properties.Code.S3Key
  return path.join(assemblyDir, `asset.${key.replace(/\.zip$/, '')}`, 'index.mjs')
}

describe('table', () => {
  test('has the contract keys, GSIs, PITR, TTL, encryption and is retained', () => {
    synth.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
        GlobalSecondaryIndexes: Object.entries(TABLE.indexes).map(([IndexName, keys]) => ({
          IndexName,
          KeySchema: [
            { AttributeName: keys.partitionKey, KeyType: 'HASH' },
            { AttributeName: keys.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    })
  })
})

describe('auth', () => {
  test('the user pool signs in by email under the contract password policy, with the pre-sign-up trigger', () => {
    synth.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        UsernameAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        Schema: [{ Name: 'email', Required: true, Mutable: true }],
        Policies: {
          PasswordPolicy: Match.objectLike({
            MinimumLength: PASSWORD_POLICY.minimumLength,
            RequireLowercase: PASSWORD_POLICY.requireLowercase,
            RequireUppercase: PASSWORD_POLICY.requireUppercase,
            RequireNumbers: PASSWORD_POLICY.requireDigits,
            RequireSymbols: PASSWORD_POLICY.requireSymbols,
          }),
        },
        LambdaConfig: {
          PreSignUp: { 'Fn::GetAtt': [fn('functions/src/triggers/pre-sign-up.ts').logicalId, 'Arn'] },
        },
      }),
    })
  })

  test('the web client has no secret and one flow: USER_PASSWORD_AUTH plus refresh, no OAuth', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AllowedOAuthFlowsUserPoolClient: false,
      SupportedIdentityProviders: ['COGNITO'],
      PreventUserExistenceErrors: 'ENABLED',
    })
  })

  test('without Google context there is no identity provider and no hosted UI', () => {
    synth.template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0)
    synth.template.resourceCountIs('AWS::Cognito::UserPoolDomain', 0)
    expect(synth.template.findOutputs('HostedUiDomain')).toEqual({})
  })
})

describe('api', () => {
  test('one Node 22 arm64 function per endpoint group, each with its own role', () => {
    const httpFunctions = [...functionsByEntry(synth.template).keys()].filter((entry) =>
      entry.includes('/http/'),
    )
    expect(httpFunctions.sort()).toEqual(ENDPOINT_GROUPS.map(httpEntry).sort())
    const roles = new Set<string>()
    for (const group of ENDPOINT_GROUPS) {
      const { properties } = fn(httpEntry(group))
      expect(properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
      })
      roles.add(properties.Role['Fn::GetAtt'][0])
    }
    expect(roles.size).toBe(ENDPOINT_GROUPS.length)
  })

  test('every route of the route table exists, JWT-protected unless public, wired to its group', () => {
    const routes = resources(synth.template, 'AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties)
    const integrations = Object.fromEntries(resources(synth.template, 'AWS::ApiGatewayV2::Integration'))
    // A key-only group (the public API) holds a greedy route per path prefix (`gatewayRoutes`), every other
    // route is its own; plus `$default`: a request no route takes, answered by the docs function (405 or 404).
    const gateway = gatewayRoutes(ROUTE_LIST)
    expect(routes).toHaveLength(gateway.length + 1)
    const fallback = routes.find((candidate: Cfn) => candidate.RouteKey === '$default')
    expect(fallback).toMatchObject({ AuthorizationType: 'NONE' })
    expect(integrations[fallback.Target['Fn::Join'][1][1].Ref].Properties.IntegrationUri).toEqual({
      'Fn::GetAtt': [fn(httpEntry('docs')).logicalId, 'Arn'],
    })
    for (const route of gateway) {
      const found = routes.find((candidate: Cfn) => candidate.RouteKey === routeKey(route))
      expect(found, routeKey(route)).toMatchObject({
        AuthorizationType: usesJwtAuthorizer(route) ? 'JWT' : 'NONE',
      })
      const integrationId = found.Target['Fn::Join'][1][1].Ref
      expect(integrations[integrationId].Properties.IntegrationUri).toEqual({
        'Fn::GetAtt': [fn(httpEntry(route.group)).logicalId, 'Arn'],
      })
    }
  })

  test('API Gateway may invoke each endpoint function through one permission, scoped to this API', () => {
    const permissions = resources(synth.template, 'AWS::Lambda::Permission')
      .map(([, permission]) => permission.Properties)
      .filter((properties: Cfn) => properties.Principal === 'apigateway.amazonaws.com')
    // One per endpoint group, whatever the number of routes (one per route would pass CloudFormation's limit).
    expect(permissions).toHaveLength(ENDPOINT_GROUPS.length)
    for (const properties of permissions) expect(JSON.stringify(properties.SourceArn)).toContain(`/*/*/*`)
  })

  test('every function logs to the one function log group, its lines named after its place in the stack', () => {
    const groups = resources(synth.template, 'AWS::Logs::LogGroup').map(([id]) => id)
    const shared = groups.filter((id) => id.startsWith('FunctionLogs'))
    expect(shared).toHaveLength(1)
    const functions = resources(synth.template, 'AWS::Lambda::Function')
      .map(([, fn]) => fn.Properties)
      .filter((properties: Cfn) => properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME)
    expect(functions.length).toBeGreaterThan(40)
    for (const properties of functions) {
      expect(JSON.stringify(properties.LoggingConfig)).toContain(shared[0])
      expect(properties.Environment.Variables.POWERTOOLS_SERVICE_NAME).toMatch(/^[A-Z][A-Za-z0-9/]+$/)
    }
    const services = functions.map(
      (properties: Cfn) => properties.Environment.Variables.POWERTOOLS_SERVICE_NAME,
    )
    expect(services).toContain('Api/Webhooks')
    expect(new Set(services).size).toBe(services.length)
  })

  test('the stack stays clear of CloudFormation’s 500-resource limit', () => {
    const count = Object.keys(synth.template.toJSON().Resources).length
    expect(count).toBeLessThan(450)
  })

  test('the JWT authorizer accepts ID tokens of the web client from the user pool', () => {
    const [client] = resources(synth.template, 'AWS::Cognito::UserPoolClient')
    const [pool] = resources(synth.template, 'AWS::Cognito::UserPool')
    synth.template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: client?.[0] }],
        Issuer: {
          'Fn::Join': [
            '',
            ['https://cognito-idp.', { Ref: 'AWS::Region' }, '.amazonaws.com/', { Ref: pool?.[0] }],
          ],
        },
      },
    })
  })

  test('the default stage throttles and writes access logs', () => {
    synth.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
      AccessLogSettings: Match.objectLike({ Format: Match.stringLikeRegexp('\\$context.requestId') }),
    })
  })

  test('functions get the contract environment variables', () => {
    for (const group of ENDPOINT_GROUPS) {
      const variables = fn(httpEntry(group)).properties.Environment.Variables
      for (const name of [
        ENV.stage,
        ENV.tableName,
        ENV.userPoolId,
        ENV.userPoolClientId,
        ENV.appUrl,
        ENV.logLevel,
      ]) {
        expect(variables, `${group}: ${name}`).toHaveProperty(name)
      }
      expect(variables[ENV.mailFrom]).toBe('SES Studio <No-Reply@mail.example.com>')
      expect(variables).toHaveProperty(QUEUES.purge.urlEnv)
      expect(variables).not.toHaveProperty(ENV.sentryDsn)
      // The cursor signing key: resolved from the generated secret at deploy, never written in the template.
      expect(JSON.stringify(variables[ENV.cursorKey])).toMatch(/\{\{resolve:secretsmanager:.*SecretString/)
      // The unsubscribe link keys: the same, a JSON key set resolved at deploy.
      expect(JSON.stringify(variables[ENV.unsubscribeKeys])).toMatch(
        /\{\{resolve:secretsmanager:.*SecretString/,
      )
    }
  })

  test('each role holds only what its group declares beside its handler', () => {
    for (const group of ENDPOINT_GROUPS) expectRoleToHoldOnly(httpEntry(group), HTTP_ACCESS[group])
  })

  test('the data migrations run as a custom resource after every function, with table access and Scan', () => {
    const migrate = fn('functions/src/triggers/migrate.ts')
    const found = resources(synth.template, 'Custom::DataMigrations')
    expect(found).toHaveLength(1)
    const [, run] = found[0] as [string, Cfn]
    expect(run.Properties.ServiceToken).toEqual({ 'Fn::GetAtt': [migrate.logicalId, 'Arn'] })
    expect(run.Properties.migrations).toMatch(/^[0-9a-f]{16}$/)
    for (const group of ENDPOINT_GROUPS) expect(run.DependsOn).toContain(fn(httpEntry(group)).logicalId)
    const actions = actionsOf(statementsOfFunction(synth.template, migrate))
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Scan', 'dynamodb:PutItem', 'dynamodb:Query']))
    expect(actions.includes('sts:AssumeRole')).toBe(false)
    expect(migrate.properties.Environment.Variables).toHaveProperty(ENV.tableName)
    expect(migrate.properties.Timeout).toBe(900)
  })

  test('each API bundle stays within its size budget: 250 KB unless it calls Stripe, serves the docs or is the public API campaigns function', () => {
    const sizes = listBundleSizes(synth.assemblyDir)
    console.info(`Bundle sizes (index.mjs, minified):\n${formatBundleSizes(sizes)}`)
    const api = sizes.filter((size) => size.kind === 'http')
    expect(api.map((size) => size.entry).sort()).toEqual(ENDPOINT_GROUPS.map(httpEntry).sort())
    for (const size of api) {
      const callsStripe = HTTP_ACCESS[size.entry.replace(/^.*\/|\.ts$/g, '') as EndpointGroup].stripe
      expect(apiBundleBudget(size.entry), size.entry).toBe(
        size.entry.endsWith('/docs.ts')
          ? DOCS_API_BUNDLE_BUDGET_BYTES
          : size.entry.endsWith('/public-campaigns.ts')
            ? PUBLIC_CAMPAIGNS_API_BUNDLE_BUDGET_BYTES
            : callsStripe
              ? API_BUNDLE_BUDGET_BYTES
              : NON_STRIPE_API_BUNDLE_BUDGET_BYTES,
      )
      expect(size.bytes, size.entry).toBeLessThanOrEqual(apiBundleBudget(size.entry))
    }
    // Only functions that call Stripe carry its SDK (the organization and account deletions went to events).
    for (const group of ['account', 'organizations'] as const) {
      expect(HTTP_ACCESS[group].stripe, group).toBe(false)
      const code = readFileSync(
        bundlePath(synth.assemblyDir, fn(httpEntry(group)).logicalId, synth.template),
        'utf8',
      )
      expect(code, group).not.toContain('api.stripe.com')
    }
  })

  test('Sentry is loaded only by dynamic import: without a DSN the external module is never resolved', () => {
    for (const size of listBundleSizes(synth.assemblyDir)) {
      const code = readFileSync(bundlePath(synth.assemblyDir, size.logicalId, synth.template), 'utf8')
      expect(code, size.entry).not.toMatch(/from\s*["']@sentry\//)
      expect(code, size.entry).not.toMatch(/require\(["']@sentry\//)
    }
  })
})

describe('domain events', () => {
  test('the table streams new images to the dispatcher, for inserted outbox items only', () => {
    synth.template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    })
    const dispatcher = fn(`functions/src/workers/${EVENT_DISPATCHER.worker}.ts`)
    expect(dispatcher.properties.Timeout).toBe(EVENT_DISPATCHER.timeoutSeconds)
    const [mapping] = resources(synth.template, 'AWS::Lambda::EventSourceMapping').filter(
      ([, resource]) => resource.Properties.FunctionName.Ref === dispatcher.logicalId,
    )
    const [, { Properties: source }] = mapping as [string, Cfn]
    expect(source).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: EVENT_DISPATCHER.batchSize,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: EVENT_DISPATCHER.retryAttempts,
      MaximumRecordAgeInSeconds: EVENT_DISPATCHER.maxRecordAgeSeconds,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    })
    expect(
      source.FilterCriteria.Filters.map((filter: { Pattern: string }) => JSON.parse(filter.Pattern)),
    ).toEqual([{ eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['OutboxEvent'] } } } }])
    const [dlqId] =
      resources(synth.template, 'AWS::SQS::Queue').find(([id]) => id.startsWith('EventsDeadLetterQueue')) ??
      []
    expect(source.DestinationConfig.OnFailure.Destination).toEqual({ 'Fn::GetAtt': [dlqId, 'Arn'] })
    synth.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
      Threshold: 0,
    })
    // It fans events out to the subscriber queues and runs the inline subscribers (table, purge queue); what
    // reaches outside is held by each subscriber queue's own worker: Stripe, customers' AWS accounts, the mail.
    const actions = actionsOf(statementsOfFunction(synth.template, dispatcher))
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:GetRecords', 'dynamodb:PutItem', 'sqs:SendMessage']),
    )
    for (const outside of ['secretsmanager:GetSecretValue', 'sts:AssumeRole', 'ses:SendEmail'])
      expect(actions).not.toContain(outside)
    const workerActions = (worker: string) =>
      actionsOf(statementsOfFunction(synth.template, fn(`functions/src/workers/${worker}.ts`)))
    expect(workerActions(QUEUES.billingEvents.worker)).toContain('secretsmanager:GetSecretValue')
    expect(workerActions(QUEUES.sesMonitoringEvents.worker)).toContain('sts:AssumeRole')
    expect(workerActions(QUEUES.campaignPausedMail.worker)).toContain('ses:SendEmail')
    expect(dispatcher.properties.Environment.Variables).toHaveProperty(ENV.purgeQueueUrl)
  })
})

describe('queues', () => {
  test.each(Object.entries(QUEUES))(
    '%s: encrypted queue with a DLQ, an alarm and its worker',
    (name, spec) => {
      const queues = resources(synth.template, 'AWS::SQS::Queue')
      const prefix = `Queues${pascalCase(name)}`
      const [queueId, queue] = queues.find(([id]) => id.startsWith(`${prefix}Queue`)) ?? []
      const [dlqId, dlq] = queues.find(([id]) => id.startsWith(`${prefix}DeadLetterQueue`)) ?? []
      expect(queue.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        VisibilityTimeout: spec.visibilityTimeoutSeconds,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
          maxReceiveCount: spec.maxReceiveCount,
        },
      })
      expect(dlq.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 14 * 24 * 3600,
      })
      synth.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 0,
        AlarmActions: [Match.anyValue()],
      })
      const worker = fn(`functions/src/workers/${spec.worker}.ts`)
      expect(worker.properties.Timeout * 6).toBeLessThanOrEqual(spec.visibilityTimeoutSeconds)
      synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
        FunctionName: { Ref: worker.logicalId },
        BatchSize: spec.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      })
    },
  )

  test.each(Object.entries(QUEUES) as [keyof typeof QUEUES, (typeof QUEUES)[keyof typeof QUEUES]][])(
    "%s: the worker's role holds only what it declares beside its handler",
    (name, spec) => {
      expectRoleToHoldOnly(`functions/src/workers/${spec.worker}.ts`, WORKER_ACCESS[name])
    },
  )
})

describe('schedules', () => {
  test.each(
    Object.entries(SCHEDULES) as [keyof typeof SCHEDULES, (typeof SCHEDULES)[keyof typeof SCHEDULES]][],
  )(
    '%s: an EventBridge rule on its expression invokes its function, which holds only what it declares',
    (name, spec) => {
      const worker = fn(`functions/src/workers/${spec.worker}.ts`)
      expect(worker.properties.Timeout).toBe(spec.timeoutSeconds)
      synth.template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: spec.expression,
        State: 'ENABLED',
        Targets: [
          Match.objectLike({
            Arn: { 'Fn::GetAtt': [worker.logicalId, 'Arn'] },
            RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
          }),
        ],
      })
      synth.template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        FunctionName: { 'Fn::GetAtt': [worker.logicalId, 'Arn'] },
        Principal: 'events.amazonaws.com',
      })
      synth.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'Errors',
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: worker.logicalId } }],
        Threshold: 0,
        AlarmActions: [Match.anyValue()],
      })
      expectRoleToHoldOnly(`functions/src/workers/${spec.worker}.ts`, SCHEDULE_ACCESS[name])
    },
  )
  test('the daily suppression list read runs once a day', () => {
    expect(SCHEDULES.suppressionSync.expression).toMatch(/^cron\(\d+ \d+ \* \* \? \*\)$/)
  })
})

describe('campaign schedules', () => {
  const schedulerRole = () => {
    const roles = resources(synth.template, 'AWS::IAM::Role')
    const found = roles.find(([id]) => id.startsWith('CampaignSchedulesSchedulerRole'))
    if (!found) throw new Error('no scheduler role')
    return found
  }

  test('one schedule group for the campaigns’ one-time schedules', () => {
    synth.template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', {
      Name: Match.stringLikeRegexp('^ses-studio-.+-campaigns$'),
    })
  })

  test('Scheduler’s role is assumable by Scheduler for this account’s campaign schedules only', () => {
    const [, role] = schedulerRole()
    const [statement] = role.Properties.AssumeRolePolicyDocument.Statement
    expect(statement).toMatchObject({
      Action: 'sts:AssumeRole',
      Effect: 'Allow',
      Principal: { Service: 'scheduler.amazonaws.com' },
      Condition: { StringEquals: { 'aws:SourceAccount': expect.anything() } },
    })
    expect(JSON.stringify(statement.Condition.ArnLike['aws:SourceArn'])).toContain(':schedule/ses-studio-')
  })

  test('Scheduler’s role may only send to the campaign-schedule queue', () => {
    const [roleId] = schedulerRole()
    const policies = resources(synth.template, 'AWS::IAM::Policy').filter(([, policy]) =>
      policy.Properties.Roles.some((ref: { Ref?: string }) => ref.Ref === roleId),
    )
    const statements = policies.flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
    expect(actionsOf(statements).sort()).toEqual(
      ['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'].sort(),
    )
    const [queueId] =
      resources(synth.template, 'AWS::SQS::Queue').find(([id]) =>
        id.startsWith('QueuesCampaignScheduleQueue'),
      ) ?? []
    for (const statement of statements) expect(statement.Resource).toEqual({ 'Fn::GetAtt': [queueId, 'Arn'] })
  })

  test('the event dispatcher manages the group’s schedules and passes only that role, to Scheduler only', () => {
    const dispatcher = fn('functions/src/workers/event-dispatcher.ts')
    const statements = statementsOfFunction(synth.template, dispatcher)
    const manage = statements.find((statement) => JSON.stringify(statement.Action).includes('scheduler:'))
    // In any order (CDK orders a statement's actions as it merges the function's policy).
    expect([...manage.Action].sort()).toEqual(
      ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'].sort(),
    )
    expect(JSON.stringify(manage.Resource)).toMatch(/:schedule\/ses-studio-[^"]+-campaigns\/\*/)
    const pass = statements.find((statement) => statement.Action === 'iam:PassRole')
    expect(pass.Resource).toEqual({ 'Fn::GetAtt': [schedulerRole()[0], 'Arn'] })
    expect(pass.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } })
    expect(dispatcher.properties.Environment.Variables).toMatchObject({
      [ENV.campaignScheduleGroup]: expect.stringMatching(/-campaigns$/),
      [ENV.campaignSchedulerRoleArn]: { 'Fn::GetAtt': [schedulerRole()[0], 'Arn'] },
      [ENV.campaignScheduleTargetArn]: expect.anything(),
    })
  })
})

describe('web', () => {
  const distribution = () => resources(synth.template, 'AWS::CloudFront::Distribution')[0]?.[1].Properties
  const headersPolicy = () =>
    resources(synth.template, 'AWS::CloudFront::ResponseHeadersPolicy')[0]?.[1].Properties
      .ResponseHeadersPolicyConfig

  test('/api/* and the /monitoring tunnel go to the HTTP API uncached with every viewer header but Host and every method', () => {
    const config = distribution().DistributionConfig
    expect(config.CacheBehaviors).toEqual(
      ['/api/*', '/monitoring'].map((PathPattern) =>
        expect.objectContaining({
          PathPattern,
          CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
          OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
          AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
          ViewerProtocolPolicy: 'https-only',
          // The viewer's address, written by CloudFront (see contracts' viewer-address.ts).
          FunctionAssociations: [expect.objectContaining({ EventType: 'viewer-request' })],
        }),
      ),
    )
    const apiOrigin = config.Origins.find((origin: Cfn) => origin.CustomOriginConfig)
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('execute-api')
  })

  test('SPA routes fall back to index.html by a viewer-request function, never by error pages (API 404s stay JSON)', () => {
    const config = distribution().DistributionConfig
    expect(config.CustomErrorResponses).toBeUndefined()
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      expect.objectContaining({ EventType: 'viewer-request' }),
    ])
    synth.template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp("request.uri = '/index.html'"),
    })
  })

  test('the CSP header is the contracts string, for the Cognito endpoint and the transfer bucket of the region', () => {
    const csp = headersPolicy().SecurityHeadersConfig.ContentSecurityPolicy
    expect(renderString(csp.ContentSecurityPolicy, PSEUDO)).toBe(
      contentSecurityPolicy({
        connectOrigins: [
          `https://cognito-idp.${REGION}.amazonaws.com`,
          `https://ses-studio-${STAGE}-transfers-${ACCOUNT}-${REGION}.s3.${REGION}.amazonaws.com`,
        ],
      }),
    )
  })

  test('the other security headers say exactly what the contracts list', () => {
    const { SecurityHeadersConfig: security, CustomHeadersConfig: custom } = headersPolicy()
    const hsts = security.StrictTransportSecurity
    const sent = {
      'Strict-Transport-Security': [
        `max-age=${hsts.AccessControlMaxAgeSec}`,
        ...(hsts.IncludeSubdomains ? ['includeSubDomains'] : []),
        ...(hsts.Preload ? ['preload'] : []),
      ].join('; '),
      'X-Content-Type-Options': security.ContentTypeOptions ? 'nosniff' : undefined,
      'X-Frame-Options': security.FrameOptions.FrameOption,
      'Referrer-Policy': security.ReferrerPolicy.ReferrerPolicy,
      ...Object.fromEntries(custom.Items.map((item: Cfn) => [item.Header, item.Value])),
    }
    expect(sent).toEqual(STATIC_SECURITY_HEADERS)
  })

  test('the site bucket is private, encrypted and reached through origin access control', () => {
    synth.template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: Match.anyValue(),
      LoggingConfiguration: Match.anyValue(),
    })
    synth.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1)
  })

  test('the build ships with immutable assets, and app-config.json carries every AppConfig field', () => {
    const deployments = resources(synth.template, 'Custom::CDKBucketDeployment').map(([, r]) => r.Properties)
    expect(deployments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          DestinationBucketKeyPrefix: 'assets/',
          Prune: false,
          SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
        }),
        expect.objectContaining({ Prune: true, Exclude: ['assets/*'], DistributionPaths: ['/*'] }),
      ]),
    )
    const appConfig = AppConfigSchema.strict().parse(stagedAppConfig(synth.assemblyDir))
    expect(appConfig).toMatchObject({ googleSignIn: false, stage: 'prod' })
    expect(appConfig).not.toHaveProperty('oauthDomain')
  })
})

describe('contact transfers', () => {
  test('the transfer bucket is private, expires every object after 7 days and takes uploads from the app only', () => {
    const [id, bucket] =
      resources(synth.template, 'AWS::S3::Bucket').find(([logicalId]) =>
        logicalId.startsWith('TransfersBucket'),
      ) ?? []
    expect(id).toBeDefined()
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LifecycleConfiguration: {
        Rules: [
          {
            Status: 'Enabled',
            ExpirationInDays: 7,
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
          },
        ],
      },
    })
    const [rule] = bucket.Properties.CorsConfiguration.CorsRules
    expect(rule.AllowedMethods).toEqual(['PUT', 'GET', 'HEAD'])
    expect(JSON.stringify(rule.AllowedOrigins)).not.toContain('"*"')
    const worker = fn('functions/src/workers/contact-transfer.ts')
    expect(worker.properties.Environment.Variables).toHaveProperty(ENV.transferBucket)
  })
})

describe('customer AWS accounts', () => {
  test('the customer-role template is the only public object, and secrets are sealed by a rotating key', () => {
    const policies = resources(synth.template, 'AWS::S3::BucketPolicy').map(([, r]) => r.Properties)
    const publicStatements = policies
      .flatMap((policy) => policy.PolicyDocument.Statement)
      .filter(
        (statement: { Principal?: unknown; Effect: string }) =>
          statement.Effect === 'Allow' && JSON.stringify(statement.Principal) === '{"AWS":"*"}',
      )
    expect(publicStatements).toHaveLength(1)
    expect(publicStatements[0].Action).toBe('s3:GetObject')
    expect(JSON.stringify(publicStatements[0].Resource)).toContain('/customer-role.template.json')
    synth.template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true })
  })
})

test('outputs give the frontend and operators what they need', () => {
  const outputs = Object.keys(synth.template.findOutputs('*'))
  expect(outputs).toEqual(
    expect.arrayContaining(['SiteUrl', 'ApiUrl', 'UserPoolId', 'UserPoolClientId', 'Region', 'TableName']),
  )
})

test('cdk-nag AwsSolutions: no finding without an acknowledged reason', () => {
  expect(unacknowledgedNagFindings(synth)).toEqual([])
})
