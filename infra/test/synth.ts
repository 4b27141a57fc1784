import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Template } from 'aws-cdk-lib/assertions'
import { AwsSolutionsChecks } from 'cdk-nag'
import { cdkJsonContext, createSesStudioApp, type SesStudioAppOptions } from '../lib/app'

/** Stub handlers: for stacks whose tests are about configuration, not the real bundles. */
export const FIXTURE_FUNCTIONS = fileURLToPath(new URL('./fixtures/functions', import.meta.url))
/** A minimal Vite-shaped build (`index.html` + `assets/`), so tests do not depend on a frontend build. */
export const FIXTURE_FRONTEND = fileURLToPath(new URL('./fixtures/frontend-dist', import.meta.url))

/** One synthesis (with bundling) per test file: call it from `beforeAll`. */
export function synthesize(
  options: Pick<SesStudioAppOptions, 'context' | 'functionsRoot' | 'frontendDist'> = {},
) {
  const { app, stack } = createSesStudioApp({
    ...options,
    context: { ...cdkJsonContext(), ...options.context },
    // cdk-nag runs through `unacknowledgedNagFindings` for a readable assertion instead.
    nag: false,
    cloudFormationValidation: false,
  })
  const template = Template.fromStack(stack)
  return { app, stack, template, assemblyDir: app.outdir }
}

export type Synthesized = ReturnType<typeof synthesize>

/** cdk-nag's AwsSolutions findings (errors and warnings) that no acknowledgement covers. */
export function unacknowledgedNagFindings({ stack }: Synthesized): string[] {
  const report = new AwsSolutionsChecks().validateScope(stack)
  return report.violations.flatMap((violation) =>
    violation.violatingResources.map(
      (resource) => `${violation.ruleName} at ${resource.constructPath ?? resource.resourceLogicalId}`,
    ),
  )
}

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation JSON is walked dynamically in assertions.
export type Cfn = any

export function resources(template: Template, type: string): [string, Cfn][] {
  return Object.entries(template.findResources(type))
}

/** Our functions, keyed by their entry (the description `ServiceFunction` gives them). */
export function functionsByEntry(template: Template): Map<string, { logicalId: string; properties: Cfn }> {
  return new Map(
    resources(template, 'AWS::Lambda::Function')
      .filter(([, resource]) => typeof resource.Properties.Description === 'string')
      .map(([logicalId, resource]) => [
        resource.Properties.Description,
        { logicalId, properties: resource.Properties },
      ]),
  )
}

/** The statements of the inline policies attached to a function's role. */
export function statementsOfFunction(template: Template, fn: { properties: Cfn }): Cfn[] {
  const roleLogicalId = fn.properties.Role['Fn::GetAtt'][0]
  return resources(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((role: Cfn) => role.Ref === roleLogicalId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
}

export function actionsOf(statements: Cfn[]): string[] {
  return statements.flatMap((statement) => [statement.Action].flat())
}

/** Renders a template string value (`Fn::Join` of `Ref`s) with values for the pseudo parameters it uses. */
export function renderString(value: Cfn, refs: Record<string, string>): string {
  if (typeof value === 'string') return value
  if (value && 'Fn::Join' in value) {
    const [separator, parts] = value['Fn::Join'] as [string, Cfn[]]
    return parts.map((part) => renderString(part, refs)).join(separator)
  }
  if (value && 'Ref' in value && refs[value.Ref] !== undefined) return refs[value.Ref] as string
  throw new Error(`Cannot render ${JSON.stringify(value)}`)
}

/** The `app-config.json` staged for the site bucket (token values appear as deploy-time markers). */
export function stagedAppConfig(assemblyDir: string): Record<string, unknown> {
  for (const entry of readdirSync(assemblyDir)) {
    const file = path.join(assemblyDir, entry, 'app-config.json')
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    } catch {}
  }
  throw new Error(`No staged app-config.json in ${assemblyDir}`)
}
