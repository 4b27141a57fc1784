import { randomBytes } from 'node:crypto'
import {
  type AwsAccount,
  type CreateAwsAccountBody,
  CreateAwsAccountBodySchema,
  customerRoleTemplate,
  type LeaveSandboxBody,
  LeaveSandboxBodySchema,
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
import type { Actor } from '../actor'
import { nowIso } from '../db/table'
import { AppError } from '../errors'
import type { Logger } from '../log'
import { ensureOrganizationMigrated } from '../migrations/migrations'
import { movePublicationsToAccounts } from '../migrations/publications-migration'
import { requireMembership } from '../organizations/organizations'
import type { Permission } from '../organizations/permissions'
import { enqueuePurge } from '../purge/purge'
import { removeFromAccount } from '../ses-monitoring/resources'
import type { AwsConnectionRecord } from './aws-accounts.repo'
import * as Repo from './aws-accounts.repo'
import { toCustomerAwsError } from './aws-errors'
import { verifyConnection as verify } from './check'
import { customerSes, forgetCustomerClient } from './customer-clients'
import { handOverClaim } from './duplicates'
import { awsAccountsEnv } from './env'
import { writeClaimed } from './one-per-account'
import { sealSecret } from './secrets'

const notFound = () => new AppError('aws_account.not_found', 'No such AWS account.')

/** The connection and the caller's membership; strangers get 404 whether or not the id exists. */
export async function requireConnection(actor: Actor, id: string, permission: Permission) {
  const orgId = await Repo.organizationOf(id)
  if (!orgId) throw notFound()
  try {
    await requireMembership(actor, orgId, permission)
  } catch (error) {
    if (error instanceof AppError && error.code === 'organization.not_found') throw notFound()
    throw error
  }
  const connection = await Repo.getConnection(orgId, id)
  if (!connection) throw notFound()
  return connection
}

/** The connection an organization member may use (for identities, test sends …), verified. */
export async function requireVerifiedConnection(actor: Actor, id: string): Promise<AwsConnectionRecord> {
  const connection = await requireConnection(actor, id, 'organization.read')
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
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

export function roleTemplate() {
  return customerRoleTemplate(awsAccountsEnv().platformAccountId)
}

export async function listAwsAccounts(actor: Actor, orgId: string): Promise<{ awsAccounts: AwsAccount[] }> {
  await requireMembership(actor, orgId, 'organization.read')
  await ensureOrganizationMigrated(orgId)
  return { awsAccounts: (await Repo.listConnections(orgId)).map(toAwsAccount) }
}

export async function createAwsAccount(
  actor: Actor,
  orgId: string,
  input: CreateAwsAccountBody,
): Promise<AwsAccount> {
  const body = CreateAwsAccountBodySchema.parse(input)
  await requireMembership(actor, orgId, 'aws_accounts.manage')
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
    createdBy: actor.accountId,
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
  const created = record
  await writeClaimed(() => Repo.createConnection(created))
  return toAwsAccount(record)
}

export async function updateAwsAccount(
  actor: Actor,
  id: string,
  input: UpdateAwsAccountBody,
): Promise<AwsAccount> {
  const current = await requireConnection(actor, id, 'aws_accounts.manage')
  await ensureOrganizationMigrated(current.orgId)
  let record: AwsConnectionRecord = { ...current, updatedAt: nowIso() }
  let recheck = input.verify === true
  if (input.name !== undefined) record.name = input.name
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
 * Forgets the connection and its credentials, and (in the background) its message logs. Monitoring's topic and
 * configuration set are removed from the customer's account first when the credentials still work; nothing else
 * there is touched.
 */
export async function deleteAwsAccount(actor: Actor, id: string, log?: Logger): Promise<void> {
  const connection = await requireConnection(actor, id, 'aws_accounts.manage')
  if (connection.monitoring && connection.verified) {
    await removeFromAccount(connection, connection.monitoring).catch((error: unknown) =>
      log?.warn('aws_account.monitoring_left', { awsAccountId: id, error }),
    )
  }
  forgetCustomerClient(id)
  await ensureOrganizationMigrated(connection.orgId)
  await handOverClaim(connection)
  await Repo.deleteConnection(connection)
  await enqueuePurge({
    kind: 'awsAccount',
    orgId: connection.orgId,
    awsAccountId: id,
    ...(connection.awsAccountNumber
      ? { awsAccountNumber: connection.awsAccountNumber, region: connection.region }
      : {}),
  })
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

export async function getStatus(actor: Actor, id: string): Promise<SesAccountStatus> {
  const connection = await requireVerifiedConnection(actor, id)
  try {
    return await readStatus(connection)
  } catch (error) {
    throw toCustomerAwsError(error, 'read the account status')
  }
}

export async function leaveSandbox(
  actor: Actor,
  id: string,
  input: LeaveSandboxBody,
): Promise<SesAccountStatus> {
  const body = LeaveSandboxBodySchema.parse(input)
  await requireConnection(actor, id, 'aws_accounts.manage')
  const connection = await requireVerifiedConnection(actor, id)
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
