import { ENV, type FunctionAccess } from '@app/contracts'
import { Stack, Validations } from 'aws-cdk-lib'
import type { Table } from 'aws-cdk-lib/aws-dynamodb'
import { PolicyStatement } from 'aws-cdk-lib/aws-iam'
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager'
import type { Auth } from './auth'
import type { CampaignSchedules } from './campaign-schedules'
import type { CustomerAws } from './customer-aws'
import type { Queues } from './queues'
import type { ServiceFunction } from './service-function'
import { SIDE_MODULE_ENTRIES, type SideModule } from './side-modules'
import { grantTableData } from './table'
import type { Transfers } from './transfers'

/** What the stack can grant a function: the resources its `FunctionAccess` flags stand for. */
export interface AccessResources {
  table: Table
  auth: Auth
  queues: Queues
  mailFromAddress: string
  /** `{ "secretKey", "webhookSecret" }` of Stripe. */
  stripeSecret: ISecret
  customerAws: CustomerAws
  transfers: Transfers
  campaignSchedules: CampaignSchedules
}

/**
 * Grants a function exactly what its declaration (`functions/src/<kind>/<name>.access.ts`, collected in
 * `@app/functions/access`) says it needs; its role holds nothing else but its own log group.
 */
export function grantAccess(fn: ServiceFunction, access: FunctionAccess, resources: AccessResources): void {
  if (access.table) grantTableData(resources.table, fn.function)
  if (access.administersUsers) resources.auth.grantUserAdministration(fn.function)
  for (const queue of access.sendsTo) resources.queues.byName[queue].queue.grantSendMessages(fn.function)
  if (access.sendsMail) grantProductMail(fn, resources.mailFromAddress)
  if (access.customerAws) resources.customerAws.grant(fn)
  else if (access.sealsSecrets) resources.customerAws.grantSecrets(fn)
  if (access.transfers) resources.transfers.grant(fn)
  if (access.schedulesCampaigns) resources.campaignSchedules.grant(fn)
  if (access.stripe) {
    resources.stripeSecret.grantRead(fn.function)
    fn.addEnvironment(ENV.stripeSecretArn, resources.stripeSecret.secretArn)
  }
}

/** The side modules a declaration names, with their entries, for bundling. */
export function sideModulesOf(access: FunctionAccess): SideModule[] {
  return (access.sideModules ?? []).map((name) => SIDE_MODULE_ENTRIES[name])
}

function grantProductMail(fn: ServiceFunction, mailFromAddress: string): void {
  const anyIdentity = Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })
  fn.role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [anyIdentity],
      conditions: { StringEquals: { 'ses:FromAddress': mailFromAddress } },
    }),
  )
  Validations.of(fn).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*]',
    reason:
      'The sender is pinned by the ses:FromAddress condition; the identity stays open because SES authorizes against ' +
      'the address or its domain, whichever is verified, and in the SES sandbox against the recipient identity too.',
  })
}
