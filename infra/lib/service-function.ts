import path from 'node:path'
import { type Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib'
import { type IRole, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda'
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs'
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs'
import { Construct } from 'constructs'
import { LOCKFILE, REPO_ROOT } from './paths'
import { CREATE_REQUIRE_BANNER, SENTRY_MODULE, sentryModuleCommands } from './sentry-module'
import { SIDE_MODULE_ENTRIES, type SideModule, sideModuleCommands } from './side-modules'

export const FUNCTION_RUNTIME = Runtime.NODEJS_22_X
export const FUNCTION_ARCHITECTURE = Architecture.ARM_64

/**
 * The AWS SDK v3 ships with the Node.js Lambda runtime: bundling the DynamoDB, Cognito, SES and SQS clients
 * would cost ~460 KB minified per function, nearly the whole 500 KB budget. Sentry: see sentry-module.ts.
 */
export const EXTERNAL_MODULES = ['@aws-sdk/*', SENTRY_MODULE]

export interface ServiceFunctionProps {
  /** Absolute path of the TypeScript entry that exports `handler`. */
  entry: string
  environment: Record<string, string>
  timeout: Duration
  memorySize?: number
  /** Ship the Sentry SDK beside the bundle (only when a DSN is configured; see sentry-module.ts). */
  withSentry?: boolean
  /** Workspace modules the handler imports lazily, shipped pre-bundled beside it (see side-modules.ts). */
  sideModules?: readonly SideModule[]
}

/**
 * The stack's one log group for its functions. Lambda names each stream of a shared group after its function
 * (`YYYY/MM/DD/<function>[<version>]<environment>`), and every line our handlers write is JSON whose `service` is
 * the function's place in the stack (`Api/Webhooks`, `Queues/CampaignSend/Worker`), so a function's logs stay one
 * filter away; one group instead of ~45 keeps the stack well
 * under CloudFormation's 500 resources as domains add functions.
 */
function functionLogs(scope: Construct): LogGroup {
  const stack = Stack.of(scope)
  const found = stack.node.tryFindChild('FunctionLogs')
  if (found instanceof LogGroup) return found
  return new LogGroup(stack, 'FunctionLogs', {
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  })
}

/** The function's construct path below its stack: the `service` of its log lines. */
function serviceName(construct: Construct): string {
  const stackPath = Stack.of(construct).node.path
  return construct.node.path.slice(stackPath.length + 1)
}

/**
 * One Lambda function with its own role, logging to the stack's function log group: the role starts empty
 * except for writing there, and each caller grants exactly what the function needs.
 */
export class ServiceFunction extends Construct {
  readonly function: NodejsFunction
  readonly role: IRole
  readonly logGroup: LogGroup
  /** Whether the asset carries the Sentry SDK beside the bundle. */
  readonly shipsSentry: boolean

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id)
    this.shipsSentry = props.withSentry ?? false
    const sideModules = props.sideModules ?? []
    const afterBundling = (outputDir: string) => [
      ...(this.shipsSentry ? sentryModuleCommands(outputDir) : []),
      ...sideModules.flatMap((module) => sideModuleCommands(outputDir, module)),
    ]
    this.logGroup = functionLogs(this)
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') })
    this.role = role
    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry,
      handler: 'handler',
      description: path.relative(REPO_ROOT, props.entry),
      runtime: FUNCTION_RUNTIME,
      architecture: FUNCTION_ARCHITECTURE,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout,
      environment: { POWERTOOLS_SERVICE_NAME: serviceName(this), ...props.environment },
      role,
      logGroup: this.logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCKFILE,
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        // esbuild emits ESM; bundled CommonJS code still calls `require()` for Node built-ins.
        banner: CREATE_REQUIRE_BANNER,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // Every side module stays out of every bundle: one that is bundled, even if unused, is a lazy `import()`
        // target whose static imports (the contracts) esbuild then cannot tree-shake. A function loads only the
        // side modules it declares (shipped beside it); core reaches the template pipeline only on template writes.
        externalModules: [
          ...EXTERNAL_MODULES,
          ...Object.values(SIDE_MODULE_ENTRIES).map((module) => module.name),
        ],
        // Sizes are reported by bundle-sizes.ts; esbuild only speaks up about problems.
        logLevel: LogLevel.WARNING,
        ...(this.shipsSentry || sideModules.length > 0
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (_inputDir: string, outputDir: string) => afterBundling(outputDir),
              },
            }
          : {}),
      },
    })
    this.logGroup.grantWrite(role)
    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is an LTS line Lambda supports into 2027; the runtime moves together with the esbuild target ' +
        'and the local toolchain, not ahead of them.',
    })
  }

  addEnvironment(name: string, value: string): void {
    this.function.addEnvironment(name, value)
  }
}
