/**
 * Just enough CloudFormation to deploy a template that creates one IAM role (the customer-role template):
 * parameters with their constraints, `Ref`, `Fn::Sub`, `Fn::Join`, `Fn::GetAtt …Arn`, the role's trust policy
 * (trusted accounts, `sts:ExternalId`), its inline policies' actions, and the outputs.
 */
export interface StackInput {
  accountId: string
  region: string
  stackName: string
  parameters: Record<string, string>
}

export interface RoleFromTemplate {
  name: string
  trustedAccountIds: string[]
  externalId: string | null
  actions: string[]
  maxSessionDuration: number
  outputs: Record<string, string>
}

export class TemplateError extends Error {}

type Node = unknown
type Json = Record<string, unknown>

const asArray = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value]
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function roleFromTemplate(template: unknown, input: StackInput): RoleFromTemplate {
  if (!isObject(template) || !isObject(template.Resources))
    throw new TemplateError('Template format error: no Resources.')
  const parameters = resolveParameters(
    isObject(template.Parameters) ? template.Parameters : {},
    input.parameters,
  )
  const roles = Object.entries(template.Resources).filter(
    ([, resource]) => isObject(resource) && resource.Type === 'AWS::IAM::Role',
  )
  const [roleEntry, ...others] = roles
  if (!roleEntry || others.length || Object.keys(template.Resources).length !== 1)
    throw new TemplateError('The local stand-in deploys templates with exactly one AWS::IAM::Role resource.')
  const [logicalId, resource] = roleEntry as [string, Json]
  const properties = isObject(resource.Properties) ? resource.Properties : {}

  const pseudo: Record<string, string> = {
    'AWS::Region': input.region,
    'AWS::AccountId': input.accountId,
    'AWS::StackName': input.stackName,
    'AWS::Partition': 'aws',
  }
  let roleName = ''
  const resolve = (node: Node): string => {
    if (typeof node === 'string') return node
    if (typeof node === 'number') return String(node)
    if (!isObject(node)) throw new TemplateError(`Template error: cannot resolve ${JSON.stringify(node)}`)
    if ('Ref' in node) {
      const name = String(node.Ref)
      const value = parameters[name] ?? pseudo[name]
      if (value === undefined)
        throw new TemplateError(`Template format error: Unresolved resource dependencies [${name}]`)
      return value
    }
    if ('Fn::Sub' in node) {
      const [text, variables] = Array.isArray(node['Fn::Sub']) ? node['Fn::Sub'] : [node['Fn::Sub'], {}]
      return String(text).replace(/\$\{([^}]+)\}/g, (_, name: string) => {
        if (isObject(variables) && name in variables) return resolve(variables[name])
        return resolve({ Ref: name })
      })
    }
    if ('Fn::Join' in node) {
      const [separator, parts] = node['Fn::Join'] as [string, Node[]]
      return asArray(parts).map(resolve).join(separator)
    }
    if ('Fn::GetAtt' in node) {
      const [id, attribute] = asArray(node['Fn::GetAtt']).map(String)
      if (id === logicalId && attribute === 'Arn') return `arn:aws:iam::${input.accountId}:role/${roleName}`
      if (id === logicalId && attribute === 'RoleId') return `AROA${logicalId.toUpperCase()}`
      throw new TemplateError(`Template error: unsupported Fn::GetAtt ${id}.${attribute}`)
    }
    throw new TemplateError(`Template error: unsupported function ${Object.keys(node).join(', ')}`)
  }

  roleName =
    properties.RoleName !== undefined ? resolve(properties.RoleName) : `${input.stackName}-${logicalId}`
  if (!/^[\w+=,.@-]{1,64}$/.test(roleName)) throw new TemplateError(`Invalid role name ${roleName}.`)

  const trust = isObject(properties.AssumeRolePolicyDocument) ? properties.AssumeRolePolicyDocument : {}
  const trustedAccountIds: string[] = []
  let externalId: string | null = null
  for (const statement of asArray(trust.Statement).filter(isObject)) {
    if (statement.Effect !== 'Allow' || !asArray(statement.Action).includes('sts:AssumeRole')) continue
    const principal = isObject(statement.Principal) ? statement.Principal : {}
    for (const arn of asArray(principal.AWS).map(resolve)) {
      const account = /^(?:arn:aws:iam::(\d{12}):root|(\d{12}))$/.exec(arn)
      if (!account) throw new TemplateError(`The local stand-in trusts whole accounts only, not ${arn}.`)
      trustedAccountIds.push((account[1] ?? account[2]) as string)
    }
    const condition = isObject(statement.Condition) ? statement.Condition : {}
    const equals = isObject(condition.StringEquals) ? condition.StringEquals : {}
    if (equals['sts:ExternalId'] !== undefined) externalId = resolve(equals['sts:ExternalId'])
  }
  if (trustedAccountIds.length === 0) throw new TemplateError('The role trusts no AWS account.')

  const actions = asArray(properties.Policies)
    .filter(isObject)
    .flatMap((policy) =>
      asArray(isObject(policy.PolicyDocument) ? policy.PolicyDocument.Statement : undefined),
    )
    .filter((statement) => isObject(statement) && statement.Effect === 'Allow')
    .flatMap((statement) => asArray((statement as Json).Action).map(resolve))

  const outputs = Object.fromEntries(
    Object.entries(isObject(template.Outputs) ? template.Outputs : {}).map(([name, output]) => [
      name,
      resolve(isObject(output) ? output.Value : output),
    ]),
  )
  const maxSessionDuration =
    properties.MaxSessionDuration === undefined ? 3600 : Number(resolve(properties.MaxSessionDuration))
  return {
    name: roleName,
    trustedAccountIds,
    externalId,
    actions: [...new Set(actions)],
    maxSessionDuration,
    outputs,
  }
}

function resolveParameters(declared: Json, given: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, definition] of Object.entries(declared)) {
    const spec = isObject(definition) ? definition : {}
    const value = given[name] ?? (spec.Default === undefined ? undefined : String(spec.Default))
    if (value === undefined) throw new TemplateError(`Parameters: [${name}] must have values`)
    if (typeof spec.MinLength === 'number' && value.length < spec.MinLength)
      throw new TemplateError(`Parameter '${name}' must contain at least ${spec.MinLength} characters`)
    if (typeof spec.MaxLength === 'number' && value.length > spec.MaxLength)
      throw new TemplateError(`Parameter '${name}' must contain at most ${spec.MaxLength} characters`)
    if (typeof spec.AllowedPattern === 'string' && !new RegExp(`^${spec.AllowedPattern}$`).test(value))
      throw new TemplateError(`Parameter '${name}' must match pattern ${spec.AllowedPattern}`)
    values[name] = value
  }
  return values
}
