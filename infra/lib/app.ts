import { readFileSync } from 'node:fs'
import { App, Validations } from 'aws-cdk-lib'
import { AwsSolutionsChecks } from 'cdk-nag'
import { readDeployConfig } from './config'
import { SesStudioStack } from './stack'

export const STACK_ID = 'SesStudioStack'

export interface SesStudioAppOptions {
  /** Extra context (tests, bench); under the CDK CLI, cdk.json and `-c` arrive on their own. */
  context?: Record<string, unknown>
  outdir?: string
  functionsRoot?: string
  frontendDist?: string
  /** Run cdk-nag's AwsSolutions pack as a synth-time validation plugin (failures fail `cdk synth`). */
  nag?: boolean
  /** CDK's offline CloudFormation schema check at synth (~5 s); tests and the bench skip it. */
  cloudFormationValidation?: boolean
}

export function createSesStudioApp(options: SesStudioAppOptions = {}): { app: App; stack: SesStudioStack } {
  const app = new App({
    context: options.context,
    outdir: options.outdir,
    builtinCloudFormationValidation: options.cloudFormationValidation ?? true,
  })
  // Environment-agnostic on purpose: nothing is looked up, so synth runs offline and the template is the same
  // for everyone; `cdk deploy` targets the account and region of the caller's AWS credentials.
  const stack = new SesStudioStack(app, STACK_ID, {
    stackName: app.node.tryGetContext('stackName') ?? STACK_ID,
    config: readDeployConfig(app.node),
    functionsRoot: options.functionsRoot,
    frontendDist: options.frontendDist,
  })
  if (options.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app))
  return { app, stack }
}

/** The feature flags of cdk.json, so in-process synths (tests, bench) build what `cdk synth` builds. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = new URL('../../cdk.json', import.meta.url)
  return (JSON.parse(readFileSync(cdkJson, 'utf8')) as { context?: Record<string, unknown> }).context ?? {}
}
