import type { CreateEmailIdentityBody, EmailIdentity, Page } from '@app/contracts'
import {
  CreateEmailIdentityCommand,
  DeleteEmailIdentityCommand,
  GetEmailIdentityCommand,
  type GetEmailIdentityCommandOutput,
  ListEmailIdentitiesCommand,
  PutEmailIdentityMailFromAttributesCommand,
} from '@aws-sdk/client-sesv2'
import { principalOf } from '../actor'
import { AppError } from '../errors'
import { newEvent, publish } from '../events/outbox'
import type { OrganizationContext } from '../organizations/public'
import { requireVerifiedConnection } from './aws-accounts'
import { awsErrorOf, toCustomerAwsError } from './aws-errors'
import { customerSes } from './customer-clients'

function dkimRecords(domain: string, tokens: readonly string[] | undefined): EmailIdentity['dkimRecords'] {
  return (tokens ?? []).map((token) => ({
    name: `${token}._domainkey.${domain}`,
    type: 'CNAME' as const,
    value: `${token}.dkim.amazonses.com`,
  }))
}

function toIdentity(id: string, details: Partial<GetEmailIdentityCommandOutput>): EmailIdentity {
  const type = details.IdentityType === 'DOMAIN' ? 'DOMAIN' : 'EMAIL_ADDRESS'
  const verificationStatus =
    details.VerificationStatus ?? (details.VerifiedForSendingStatus ? 'SUCCESS' : 'PENDING')
  return {
    id,
    type,
    verificationStatus,
    dkimStatus: details.DkimAttributes?.Status ?? null,
    usableAsSender: details.VerifiedForSendingStatus ?? verificationStatus === 'SUCCESS',
    dkimRecords: type === 'DOMAIN' ? dkimRecords(id, details.DkimAttributes?.Tokens) : [],
    mailFromDomain: details.MailFromAttributes?.MailFromDomain ?? null,
    mailFromStatus: details.MailFromAttributes?.MailFromDomainStatus ?? null,
  }
}

export async function listIdentities(
  context: OrganizationContext,
  awsAccountId: string,
): Promise<Page<EmailIdentity>> {
  const connection = await requireVerifiedConnection(context, awsAccountId)
  try {
    const ses = await customerSes(connection)
    const identities: EmailIdentity[] = []
    let NextToken: string | undefined
    do {
      const page = await ses.send(new ListEmailIdentitiesCommand({ PageSize: 1000, NextToken }))
      for (const summary of page.EmailIdentities ?? []) {
        if (!summary.IdentityName) continue
        identities.push(
          toIdentity(summary.IdentityName, {
            IdentityType: summary.IdentityType,
            VerificationStatus: summary.VerificationStatus,
            VerifiedForSendingStatus: summary.SendingEnabled && summary.VerificationStatus === 'SUCCESS',
          }),
        )
      }
      NextToken = page.NextToken
    } while (NextToken)
    // Domains need their DKIM records: one read each (few per account).
    for (const [index, identity] of identities.entries()) {
      if (identity.type !== 'DOMAIN') continue
      const details = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity.id }))
      identities[index] = toIdentity(identity.id, details)
    }
    return { items: identities.sort((a, b) => a.id.localeCompare(b.id)), nextCursor: null }
  } catch (error) {
    throw toCustomerAwsError(error, 'list the email identities')
  }
}

export async function createIdentity(
  context: OrganizationContext,
  body: CreateEmailIdentityBody,
): Promise<EmailIdentity> {
  const connection = await requireVerifiedConnection(context, body.awsAccountId)
  const identity = body.type === 'DOMAIN' ? body.domain : body.email.toLowerCase()
  const created = await createInSes(connection, body, identity)
  await publish(
    newEvent(
      'email_identity.added',
      context.organizationId,
      { awsAccountId: connection.id, identity, type: body.type },
      principalOf(context.actor),
    ),
  )
  return created
}

async function createInSes(
  connection: Awaited<ReturnType<typeof requireVerifiedConnection>>,
  body: CreateEmailIdentityBody,
  identity: string,
): Promise<EmailIdentity> {
  try {
    const ses = await customerSes(connection)
    // SES allows about one control-plane call a second: the creation's own answer is enough to show.
    const created = await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: identity }))
    if (body.type === 'DOMAIN' && body.mailFromDomain) {
      await ses.send(
        new PutEmailIdentityMailFromAttributesCommand({
          EmailIdentity: identity,
          MailFromDomain: body.mailFromDomain,
          BehaviorOnMxFailure: 'USE_DEFAULT_VALUE',
        }),
      )
    }
    return toIdentity(identity, {
      IdentityType: created.IdentityType,
      VerifiedForSendingStatus: created.VerifiedForSendingStatus,
      VerificationStatus: created.VerifiedForSendingStatus ? 'SUCCESS' : 'PENDING',
      DkimAttributes: created.DkimAttributes,
      MailFromAttributes:
        body.type === 'DOMAIN' && body.mailFromDomain
          ? {
              MailFromDomain: body.mailFromDomain,
              MailFromDomainStatus: 'PENDING',
              BehaviorOnMxFailure: 'USE_DEFAULT_VALUE',
            }
          : undefined,
    })
  } catch (error) {
    if (awsErrorOf(error)?.name === 'AlreadyExistsException') {
      throw new AppError('email_identity.exists', `${identity} is already an identity of this AWS account.`)
    }
    throw toCustomerAwsError(error, `add ${identity}`)
  }
}

export async function deleteIdentity(
  context: OrganizationContext,
  { awsAccountId, identity }: { awsAccountId: string; identity: string },
): Promise<void> {
  const connection = await requireVerifiedConnection(context, awsAccountId)
  try {
    const ses = await customerSes(connection)
    await ses.send(new DeleteEmailIdentityCommand({ EmailIdentity: identity }))
  } catch (error) {
    if (awsErrorOf(error)?.name === 'NotFoundException') {
      throw new AppError('email_identity.not_found', `${identity} is not an identity of this AWS account.`)
    }
    throw toCustomerAwsError(error, `delete ${identity}`)
  }
  await publish(
    newEvent(
      'email_identity.deleted',
      context.organizationId,
      { awsAccountId, identity },
      principalOf(context.actor),
    ),
  )
}
