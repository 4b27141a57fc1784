import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { EVENT_DISPATCHER, QUEUES, type QueueName, ROUTE_LIST, SCHEDULES } from '@app/contracts'
import { gatewayRoutes } from '@app/contracts/gateway-routes'
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs'
import { startApiGateway } from './api-gateway/api-gateway'
import { startCognitoLocal } from './cognito/cognito-local'
import { startCognitoProxy } from './cognito/cognito-proxy'
import { ensureUserPool } from './cognito/user-pool'
import type { LocalQueue, LocalStackConfig } from './config'
import { cursorKey, type DataDir, unsubscribeKeys, writeOwnerOnlyFile } from './data-dir'
import type { DynamoDbLocal } from './dynamodb/dynamodb-local'
import { ensureTable } from './dynamodb/table'
import { applyEnvironment, handlerEnvironment } from './environment'
import { startOutboxPoller } from './events/outbox-poller'
import { startScheduleRunner } from './events/schedule-runner'
import type { LocalStackOptions } from './index'
import { startLambdaInvokeApi } from './lambda/invoke-api'
import type { Lifecycle } from './lifecycle'
import { startLocalAws } from './local-aws/local-aws'
import { startSesLocal } from './local-aws/ses/ses-local'
import {
  BUCKETS,
  CUSTOMER_ROLE_TEMPLATE_PATH,
  DEMO_CUSTOMER_ACCOUNT_ID,
  LOCAL_ACCOUNT_ID,
  LOCAL_REGION,
  localCredentials,
  MAIL_FROM,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_PATH,
  STRIPE_WEBHOOK_SECRET,
  TABLE_NAME,
} from './local-names'
import type { Ports } from './ports'
import type { ManagedChild } from './process/child-process'
import { FRONTEND_DIR, FUNCTIONS_SRC } from './repo-paths'
import { startS3 } from './s3/s3-server'
import { startQueuePoller } from './sqs/sqs-poller'
import { ensureQueue, startSqs } from './sqs/sqs-server'
import { startStripeStandIn } from './stripe/stripe-stand-in'
import { localAppConfig } from './web/app-config'
import { startWebApp } from './web/web-app'

const FUNCTION_PREFIX = 'ses-studio-local'

interface AssembleContext {
  options: LocalStackOptions
  dataDir: DataDir
  ports: Ports
  dynamo: DynamoDbLocal
  lifecycle: Lifecycle
  started: number
}

/**
 * Brings up everything around the already spawned DynamoDB Local. Independent parts start in parallel; each
 * chain hands its parts to the lifecycle as soon as they run, so the first failure anywhere stops them all.
 */
export async function assembleStack(context: AssembleContext): Promise<LocalStackConfig> {
  const { options, dataDir, ports, dynamo, lifecycle } = context
  const log = options.log ?? (() => {})
  const functionsDir = options.functionsDir ?? FUNCTIONS_SRC
  const appUrl = `http://localhost:${ports.web}`
  const cognitoEndpoint = `http://localhost:${ports.cognito}`
  const dynamodbEndpoint = `http://localhost:${ports.dynamodb}`
  const clientConfig = () => ({ region: LOCAL_REGION, credentials: localCredentials() })

  reportCrash(dynamo.child, log)
  const lambdaApi = lifecycle.own(
    await startLambdaInvokeApi({ PreSignUp: join(functionsDir, 'triggers', 'pre-sign-up.ts') }, log),
  )

  const table = dynamo.ready.then(() =>
    withClient(new DynamoDBClient({ ...clientConfig(), endpoint: dynamodbEndpoint }), (client) =>
      ensureTable(client, TABLE_NAME),
    ),
  )

  const cognito = (async () => {
    const cognitoLocal = await startCognitoLocal({
      stateDir: dataDir.cognito,
      logDir: dataDir.logs,
      issuerDomain: cognitoEndpoint,
      lambdaEndpoint: lambdaApi.endpoint,
      triggers: { PreSignUp: 'PreSignUp' },
      region: LOCAL_REGION,
      credentials: localCredentials(),
    })
    lifecycle.own(cognitoLocal.child)
    reportCrash(cognitoLocal.child, log)
    const pool = await withClient(
      new CognitoIdentityProviderClient({ ...clientConfig(), endpoint: cognitoLocal.url }),
      (client) => ensureUserPool(client, dataDir.userPoolFile),
    )
    const proxy = lifecycle.own(
      await startCognitoProxy({
        port: ports.cognito,
        upstreamUrl: cognitoLocal.url,
        userPoolId: pool.userPoolId,
        issuer: `${cognitoEndpoint}/${pool.userPoolId}`,
        log,
      }),
    )
    return { ...pool, proxy }
  })()

  const s3 = startS3({
    port: ports.s3,
    directory: dataDir.s3,
    region: LOCAL_REGION,
    credentials: localCredentials(),
    buckets: Object.values(BUCKETS),
    appOrigin: appUrl,
  }).then((part) => lifecycle.own(part))

  const sqs = (async () => {
    const server = lifecycle.own(await startSqs(ports.sqs, LOCAL_REGION))
    const client = new SQSClient({ ...clientConfig(), endpoint: server.endpoint })
    lifecycle.defer(() => client.destroy())
    return { endpoint: server.endpoint, client, queues: await ensureQueues(client) }
  })()

  // Events go to the API's webhook route; the gateway starts last, so early deliveries simply retry.
  const stripe = startStripeStandIn({
    port: ports.stripe,
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${ports.api}${STRIPE_WEBHOOK_PATH}`,
    stateFile: dataDir.stripeStateFile,
    log,
  }).then((part) => lifecycle.own(part))

  const ses = (async () => {
    const sesLocal = lifecycle.own(await startSesLocal())
    return lifecycle.own(
      await startLocalAws({
        port: ports.ses,
        upstreamUrl: sesLocal.url,
        stateFile: dataDir.awsStateFile,
        keysFile: dataDir.awsKeysFile,
        snsSigningFile: dataDir.awsSnsSigningFile,
        platformAccountId: LOCAL_ACCOUNT_ID,
        platformCredentials: localCredentials(),
        demoAccountId: DEMO_CUSTOMER_ACCOUNT_ID,
        region: LOCAL_REGION,
        log,
        // A campaign's schedule puts its Input on the target queue, as EventBridge Scheduler's SQS target does.
        scheduleTarget: async (target) => {
          const { client, queues } = await sqs
          const queue = Object.values(queues).find((candidate) => candidate.arn === target.Arn)
          if (!queue) throw new Error(`no local queue ${target.Arn}`)
          await client.send(
            new SendMessageCommand({ QueueUrl: queue.url, MessageBody: target.Input ?? '{}' }),
          )
        },
      }),
    )
  })()

  // The web app builds (or Vite loads) while the stand-ins start; /app-config.json waits for the user pool's ids.
  const web = !options.web
    ? Promise.resolve(undefined)
    : startWebApp({
        port: ports.web,
        apiUrl: `http://127.0.0.1:${ports.api}`,
        appConfig: cognito.then((pool) => localAppConfig({ ...pool, region: LOCAL_REGION, cognitoEndpoint })),
        connectOrigins: [cognitoEndpoint, `http://127.0.0.1:${ports.s3}`],
        frontendDir: options.frontendDir ?? FRONTEND_DIR,
        devServer: options.webDevServer,
        distDir: options.webDist,
        cacheDir: dataDir.web,
        log,
      }).then((part) => lifecycle.own(part))

  const [, pool, s3Server, queueing, sesGateway, stripeStandIn] = await Promise.all([
    table,
    cognito,
    s3,
    sqs,
    ses,
    stripe,
    web,
  ])

  const config: LocalStackConfig = {
    stage: 'local',
    region: LOCAL_REGION,
    accountId: LOCAL_ACCOUNT_ID,
    appUrl,
    apiUrl: `http://localhost:${ports.api}`,
    tableName: TABLE_NAME,
    userPoolId: pool.userPoolId,
    userPoolClientId: pool.userPoolClientId,
    cognitoEndpoint: pool.proxy.url,
    cognitoIssuer: `${pool.proxy.url}/${pool.userPoolId}`,
    jwksUrl: `${pool.proxy.url}/${pool.userPoolId}/.well-known/jwks.json`,
    mailboxUrl: sesGateway.mailboxUrl,
    mailboxApiUrl: sesGateway.mailboxApiUrl,
    sesEndpoint: sesGateway.url,
    aws: {
      gatewayUrl: sesGateway.url,
      consoleUrl: sesGateway.consoleUrl,
      platformAccountId: LOCAL_ACCOUNT_ID,
      demoAccount: sesGateway.demoAccount,
      kmsKeyId: sesGateway.kmsKey.id,
      kmsKeyArn: sesGateway.kmsKey.arn,
      kmsKeyAlias: sesGateway.kmsKey.alias,
      customerRoleTemplateUrl: `http://localhost:${ports.api}${CUSTOMER_ROLE_TEMPLATE_PATH}`,
    },
    dynamodbEndpoint,
    s3Endpoint: s3Server.endpoint,
    sqsEndpoint: queueing.endpoint,
    queues: queueing.queues,
    buckets: { ...BUCKETS },
    stripe: {
      apiUrl: stripeStandIn.apiUrl,
      publicUrl: stripeStandIn.publicUrl,
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
    },
    mailFrom: MAIL_FROM,
    credentials: localCredentials(),
    ports,
    web: options.web ?? false,
    dataDir: dataDir.root,
    bootMs: 0,
  }

  // Handlers are imported lazily by the gateway, the pollers and the trigger runner: always after this line.
  lifecycle.defer(
    applyEnvironment(
      handlerEnvironment(config, options.logLevel ?? 'info', options.adminEmails ?? [], {
        cursorKey: cursorKey(dataDir),
        unsubscribeKeys: unsubscribeKeys(dataDir),
      }),
    ),
  )

  if (options.migrate) await runDataMigrations(functionsDir, log)
  lifecycle.own(
    await startApiGateway({
      port: ports.api,
      routes: gatewayRoutes(ROUTE_LIST),
      functionsDir,
      authorizer: {
        issuer: config.cognitoIssuer,
        audience: [config.userPoolClientId],
        jwksUri: config.jwksUrl,
      },
      appOrigin: appUrl,
      functionNamePrefix: FUNCTION_PREFIX,
      log,
    }),
  )
  for (const [name, definition] of Object.entries(QUEUES)) {
    if (options.unpolledQueues?.includes(name as QueueName)) continue
    const queue = config.queues[name as QueueName]
    lifecycle.own(
      startQueuePoller({
        client: queueing.client,
        queueUrl: queue.url,
        queueArn: queue.arn,
        region: LOCAL_REGION,
        modulePath: join(functionsDir, 'workers', `${definition.worker}.ts`),
        functionName: `${FUNCTION_PREFIX}-${definition.worker}`,
        batchSize: definition.batchSize,
        timeoutMs: definition.visibilityTimeoutSeconds * 1000,
        log,
      }),
    )
  }

  // EventBridge's schedule rules: a timer per schedule calling the same handler (the first run one period on).
  for (const spec of Object.values(SCHEDULES)) {
    lifecycle.own(
      startScheduleRunner({
        modulePath: join(functionsDir, 'workers', `${spec.worker}.ts`),
        functionName: `${FUNCTION_PREFIX}-${spec.worker}`,
        expression: spec.expression,
        everyMs: spec.everyMs,
        timeoutMs: spec.timeoutSeconds * 1000,
        log,
      }),
    )
  }

  // DynamoDB Local's streams are not used: the outbox poller plays the table's stream for the event dispatcher.
  const dispatcherModule = join(functionsDir, 'workers', `${EVENT_DISPATCHER.worker}.ts`)
  if (existsSync(dispatcherModule)) {
    const client = new DynamoDBClient({ ...clientConfig(), endpoint: dynamodbEndpoint })
    lifecycle.defer(() => client.destroy())
    lifecycle.own(
      startOutboxPoller({
        client,
        tableName: TABLE_NAME,
        modulePath: dispatcherModule,
        functionName: `${FUNCTION_PREFIX}-${EVENT_DISPATCHER.worker}`,
        timeoutMs: EVENT_DISPATCHER.timeoutSeconds * 1000,
        batchSize: EVENT_DISPATCHER.batchSize,
        log,
      }),
    )
  }

  config.bootMs = Math.round(performance.now() - context.started)
  writeOwnerOnlyFile(dataDir.configFile, `${JSON.stringify(config, null, 2)}\n`)
  return config
}

/**
 * The deploy's data migrations (`functions/src/triggers/migrate.ts`, a custom resource on AWS), run over the
 * local table before the API answers: safe to repeat, quick when there is nothing to do.
 */
async function runDataMigrations(functionsDir: string, log: (line: string) => void): Promise<void> {
  const modulePath = join(functionsDir, 'triggers', 'migrate.ts')
  if (!existsSync(modulePath)) return
  const module = (await import(pathToFileURL(modulePath).href)) as {
    runMigrations: () => Promise<{ orgId: string }[]>
  }
  const changed = await module.runMigrations()
  if (changed.length > 0) log(`✓ data migrations changed ${changed.length} organization(s)`)
}

/** A stand-in that dies while the stack runs leaves it half-working: say so loudly, with its last words. */
function reportCrash(child: ManagedChild, log: (line: string) => void): void {
  void child.crashed.then((reason) => {
    log(`✖ ${child.name} stopped unexpectedly (${reason}); restart the stack. Its last lines:`)
    for (const line of child.tail().slice(-10)) log(`    ${line}`)
  })
}

async function ensureQueues(client: SQSClient): Promise<Record<QueueName, LocalQueue>> {
  const entries = await Promise.all(
    Object.entries(QUEUES).map(async ([name, definition]) => [
      name,
      await ensureQueue(client, {
        name,
        visibilityTimeoutSeconds: definition.visibilityTimeoutSeconds,
        maxReceiveCount: definition.maxReceiveCount,
      }),
    ]),
  )
  return Object.fromEntries(entries) as Record<QueueName, LocalQueue>
}

async function withClient<C extends { destroy(): void }, T>(
  client: C,
  use: (client: C) => Promise<T>,
): Promise<T> {
  try {
    return await use(client)
  } finally {
    client.destroy()
  }
}
