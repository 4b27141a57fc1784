import { randomBytes } from 'node:crypto'
import {
  type AwsAccount,
  type CreateAwsAccountBodySchema,
  customerRoleTemplate,
  DEFAULT_SEND_SHARE_PERCENT,
  type LeaveSandboxBody,
  type Page,
  type SesAccountStatus,
  type UpdateAwsAccountBody,
} from '@app/contracts'
import {
  GetAccountCommand,
  ListEmailIdentitiesCommand,
  ListSuppressedDestinationsCommand,
  PutAccountDetailsCommand,
} from '@aws-sdk/client-sesv2'
import { ulid } from 'ulid'
import type * as z from 'zod'
import { principalOf } from '../actor'
import { nowIso } from '../db/table'
import { AppError } from '../errors'
import { newEvent, outboxPut } from '../events/outbox'
import type { Logger } from '../log'
import { ensureOrganizationMigrated, movePublicationsToAccounts } from '../migrations/public'
import { assertSeats, type OrganizationContext } from '../organizations/public'
import type { AwsConnectionRecord } from './aws-accounts.repo'
import * as Repo from './aws-accounts.repo'
import { toCustomerAwsError } from './aws-errors'
import { verifyConnection as verify } from './check'
import { customerSes, forgetCustomerClient } from './customer-clients'
import { handOverClaim } from './duplicates'
import { awsAccountsEnv } from './env'
import { removeFromAccount } from './monitoring-removal'
import { writeClaimed } from './one-per-account'
import { sealSecret } from './secrets'

const notFound = () => new AppError('aws_account.not_found', 'No such AWS account.')

/** The organization owning an AWS account (its owner pointer), for the middleware to resolve calls naming it. */
export async function organizationOfAwsAccount(id: string): Promise<string | undefined> {
  return (await Repo.organizationOf(id)) ?? undefined
}

/** The context organization's connection; another organization's id gets 404 as an unknown one does. */
export async function requireConnection(context: OrganizationContext, id: string) {
  const connection = await Repo.getConnection(context.organizationId, id)
  if (!connection) throw notFound()
  return connection
}

/** The context organization's connection (for identities, test sends …), verified. */
export async function requireVerifiedConnection(
  context: OrganizationContext,
  id: string,
): Promise<AwsConnectionRecord> {
  return assertVerified(await requireConnection(context, id))
}

export function assertVerified(connection: AwsConnectionRecord): AwsConnectionRecord {
  if (!connection.verified) {
    throw new AppError(
      'aws_account.not_verified',
      'This AWS account is not verified yet; finish its configuration on the Status page.',
    )
  }
  return connection
}

export function quickCreateUrl(region: string, externalId: string): string {
  const env = awsAccountsEnv()
  const query = new URLSearchParams({
    templateURL: env.templateUrl,
    stackName: 'SesStudioAccess',
    param_ExternalId: externalId,
  })
  return `${env.consoleUrl}/cloudformation/home?region=${region}#/stacks/quickcreate?${query}`
}

export function toAwsAccount(record: AwsConnectionRecord): AwsAccount {
  return {
    id: record.id,
    organizationId: record.orgId,
    name: record.name,
    region: record.region,
    method: record.method,
    roleArn: record.roleArn ?? null,
    externalId: record.externalId ?? null,
    quickCreateUrl:
      record.method === 'role' && record.externalId ? quickCreateUrl(record.region, record.externalId) : null,
    awsAccessKeyId: record.accessKeyId ?? null,
    awsAccountNumber: record.awsAccountNumber ?? null,
    awsAccountVerified: record.verified,
    lastCheck: record.lastCheck ?? null,
    monitoring: record.monitoring
      ? {
          state: record.monitoring.state,
          configurationSetName: record.monitoring.configurationSetName,
          topicArn: record.monitoring.topicArn,
          eventTypes: record.monitoring.eventTypes,
          enabledAt: record.monitoring.enabledAt,
          confirmedAt: record.monitoring.confirmedAt,
        }
      : null,
    duplicateOf: record.duplicateOf ?? null,
    sendSharePercent: record.sendSharePercent ?? DEFAULT_SEND_SHARE_PERCENT,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

export function roleTemplate() {
  return customerRoleTemplate(awsAccountsEnv().platformAccountId)
}

export async function listAwsAccounts({
  organizationId: orgId,
}: OrganizationContext): Promise<Page<AwsAccount>> {
  await ensureOrganizationMigrated(orgId)
  return { items: (await Repo.listConnections(orgId)).map(toAwsAccount), nextCursor: null }
}

export async function createAwsAccount(
  { actor, organizationId: orgId, organization }: OrganizationContext,
  body: z.output<typeof CreateAwsAccountBodySchema>,
): Promise<AwsAccount> {
  await ensureOrganizationMigrated(orgId)
  const now = nowIso()
  const id = ulid()
  let record: AwsConnectionRecord = {
    id,
    orgId,
    name: body.name,
    region: body.region,
    method: body.method,
    verified: false,
    createdAt: now,
    updatedAt: now,
    createdBy: principalOf(actor),
  }
  if (body.method === 'role') {
    record = { ...record, externalId: randomBytes(16).toString('hex'), roleArn: body.roleArn }
  } else {
    record = {
      ...record,
      accessKeyId: body.accessKeyId,
      secret: await sealSecret(body.secretAccessKey, orgId, id),
    }
  }
  if (record.method === 'keys' || record.roleArn) record = await verify(record)
  // The plan's AWS account seats; connecting an account that is connected already is refused by its claim instead
  // (the more useful answer: it names the connection).
  const connections = await Repo.listConnections(orgId)
  const again = connections.some(
    (other) => other.awsAccountNumber === record.awsAccountNumber && other.region === record.region,
  )
  if (!record.awsAccountNumber || !again) assertSeats(organization, 'awsAccounts', connections.length, 1)
  const created = record
  const event = newEvent(
    'aws_account.connected',
    orgId,
    {
      awsAccountId: id,
      name: created.name,
      region: created.region,
      method: created.method,
      awsAccountNumber: created.awsAccountNumber ?? null,
      verified: created.verified,
    },
    principalOf(actor),
  )
  await writeClaimed(() => Repo.createConnection(created, [outboxPut(event)]))
  return toAwsAccount(record)
}

export async function updateAwsAccount(
  context: OrganizationContext,
  id: string,
  input: UpdateAwsAccountBody,
): Promise<AwsAccount> {
  const current = await requireConnection(context, id)
  await ensureOrganizationMigrated(current.orgId)
  let record: AwsConnectionRecord = { ...current, updatedAt: nowIso() }
  let recheck = input.verify === true
  if (input.name !== undefined) record.name = input.name
  // The send workers read the connection at each batch: running campaigns pace by the new share from the next one.
  if (input.sendSharePercent !== undefined) record.sendSharePercent = input.sendSharePercent
  if (input.region !== undefined && input.region !== record.region) {
    record.region = input.region
    recheck = true
  }
  if (input.roleArn !== undefined) {
    if (record.method !== 'role')
      throw new AppError('request.invalid', 'roleArn: this account connects with access keys.')
    record.roleArn = input.roleArn
    recheck = true
  }
  if (input.credentials !== undefined) {
    if (record.method !== 'keys')
      throw new AppError('request.invalid', 'credentials: this account connects with a role.')
    record.accessKeyId = input.credentials.accessKeyId
    record.secret = await sealSecret(input.credentials.secretAccessKey, record.orgId, record.id)
    recheck = true
  }
  forgetCustomerClient(record.id)
  if (recheck) record = await verify(record)
  // Reaching another account or region, a flagged duplicate is one no more.
  if (record.awsAccountNumber !== current.awsAccountNumber || record.region !== current.region) {
    record.duplicateOf = undefined
  }
  const saved = record
  await writeClaimed(() => Repo.saveConnection(saved, current))
  // Verified before numbers were required: its publication records could not move with the others until now.
  if (!current.awsAccountNumber && record.awsAccountNumber) {
    await movePublicationsToAccounts(record.orgId, [record], { complete: false })
  }
  return toAwsAccount(record)
}

/**
 * Forgets the connection and its credentials, and (through `aws_account.deleted`) its message logs. Monitoring's topic and
 * configuration set are removed from the customer's account first when the credentials still work; nothing else
 * there is touched.
 */
export async function deleteAwsAccount(
  context: OrganizationContext,
  id: string,
  log?: Logger,
): Promise<void> {
  const connection = await requireConnection(context, id)
  if (connection.monitoring && connection.verified) {
    await removeFromAccount(connection, connection.monitoring).catch((error: unknown) =>
      log?.warn('aws_account.monitoring_left', { awsAccountId: id, error }),
    )
  }
  forgetCustomerClient(id)
  await ensureOrganizationMigrated(connection.orgId)
  await handOverClaim(connection)
  const event = newEvent(
    'aws_account.deleted',
    connection.orgId,
    { awsAccountId: id, awsAccountNumber: connection.awsAccountNumber ?? null, region: connection.region },
    principalOf(context.actor),
  )
  await Repo.deleteConnection(connection, [outboxPut(event)])
}

async function readStatus(connection: AwsConnectionRecord): Promise<SesAccountStatus> {
  const ses = await customerSes(connection)
  const account = await ses.send(new GetAccountCommand({}))
  const identities = await ses.send(new ListEmailIdentitiesCommand({ PageSize: 1000 }))
  const suppressed = await ses.send(new ListSuppressedDestinationsCommand({ PageSize: 1000 }))
  const all = identities.EmailIdentities ?? []
  const review = account.Details?.ReviewDetails
  return {
    region: connection.region,
    productionAccessEnabled: account.ProductionAccessEnabled ?? false,
    sendingEnabled: account.SendingEnabled ?? false,
    enforcementStatus: account.EnforcementStatus ?? null,
    sendQuota: {
      max24HourSend: account.SendQuota?.Max24HourSend ?? 0,
      maxSendRate: account.SendQuota?.MaxSendRate ?? 0,
      sentLast24Hours: account.SendQuota?.SentLast24Hours ?? 0,
    },
    identities: {
      total: all.length,
      verified: all.filter((identity) => identity.VerificationStatus === 'SUCCESS').length,
    },
    suppressedDestinations: suppressed.SuppressedDestinationSummaries?.length ?? 0,
    review: review?.Status ? { status: review.Status, caseId: review.CaseId ?? null } : null,
    checkedAt: new Date().toISOString(),
  }
}

export async function getStatus(context: OrganizationContext, id: string): Promise<SesAccountStatus> {
  const connection = await requireVerifiedConnection(context, id)
  try {
    return await readStatus(connection)
  } catch (error) {
    throw toCustomerAwsError(error, 'read the account status')
  }
}

export async function leaveSandbox(
  context: OrganizationContext,
  id: string,
  body: LeaveSandboxBody,
): Promise<SesAccountStatus> {
  const connection = await requireVerifiedConnection(context, id)
  try {
    const ses = await customerSes(connection)
    await ses.send(
      new PutAccountDetailsCommand({
        MailType: body.mailType,
        WebsiteURL: body.websiteUrl,
        UseCaseDescription: body.useCaseDescription,
        AdditionalContactEmailAddresses: body.additionalContactEmailAddresses,
        ContactLanguage: body.contactLanguage,
        ProductionAccessEnabled: true,
      }),
    )
    return await readStatus(connection)
  } catch (error) {
    throw toCustomerAwsError(error, 'request production access')
  }
}
