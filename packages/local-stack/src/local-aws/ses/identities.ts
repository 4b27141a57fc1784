import { randomBytes, randomInt } from 'node:crypto'
import type { EmailIdentity, LocalAwsState, SesAccountState } from '../state'
import { page } from './paging'
import { alreadyExists, badRequest, notFound } from './ses-errors'

const EMAIL = /^[^\s@<>()",;]+@([a-z0-9-]+\.)+[a-z]{2,}$/i
const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i
/** The SES mailbox simulator: allowed as recipients in the sandbox, like in SES. */
const SIMULATOR_DOMAIN = 'simulator.amazonses.com'

const DKIM_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'
const dkimToken = () => Array.from({ length: 32 }, () => DKIM_ALPHABET[randomInt(32)]).join('')

const identityKey = (name: string) => name.toLowerCase()

export function findIdentity(account: SesAccountState, name: string): EmailIdentity | undefined {
  return account.identities[identityKey(name)]
}

function requireIdentity(account: SesAccountState, name: string): EmailIdentity {
  const identity = findIdentity(account, name)
  if (!identity) throw notFound(`Email identity ${name} does not exist.`)
  return identity
}

/** CreateEmailIdentity: an address waits for its verification mail's link, a domain for its DKIM records. */
export function createEmailIdentity(
  account: SesAccountState,
  input: Record<string, unknown>,
): { identity: EmailIdentity; response: Record<string, unknown> } {
  const name = typeof input.EmailIdentity === 'string' ? input.EmailIdentity.trim() : ''
  if (!name) throw badRequest('EmailIdentity is required.')
  const type = name.includes('@') ? 'EMAIL_ADDRESS' : 'DOMAIN'
  if (type === 'EMAIL_ADDRESS' && !EMAIL.test(name)) throw badRequest(`Invalid email address ${name}.`)
  if (type === 'DOMAIN' && !DOMAIN.test(name)) throw badRequest(`Invalid domain name ${name}.`)
  if (findIdentity(account, name)) throw alreadyExists(`Email identity ${name} already exists.`)
  const identity: EmailIdentity = {
    name: type === 'DOMAIN' ? name.toLowerCase() : name,
    type,
    status: 'PENDING',
    ...(type === 'EMAIL_ADDRESS'
      ? { verificationToken: randomBytes(24).toString('base64url') }
      : { dkimTokens: [dkimToken(), dkimToken(), dkimToken()] }),
    ...(typeof input.ConfigurationSetName === 'string'
      ? { configurationSetName: input.ConfigurationSetName }
      : {}),
    tags: Array.isArray(input.Tags) ? (input.Tags as EmailIdentity['tags']) : [],
    createdAt: new Date().toISOString(),
  }
  account.identities[identityKey(name)] = identity
  return {
    identity,
    response: {
      IdentityType: identity.type,
      VerifiedForSendingStatus: false,
      DkimAttributes: dkimAttributes(identity),
    },
  }
}

function dkimAttributes(identity: EmailIdentity) {
  if (identity.type === 'EMAIL_ADDRESS')
    return { SigningEnabled: false, Status: 'NOT_STARTED', SigningAttributesOrigin: 'AWS_SES' }
  return {
    SigningEnabled: true,
    Status: identity.status,
    Tokens: identity.dkimTokens ?? [],
    SigningAttributesOrigin: 'AWS_SES',
    NextSigningKeyLength: 'RSA_2048_BIT',
    CurrentSigningKeyLength: 'RSA_2048_BIT',
    LastKeyGenerationTimestamp: Math.floor(Date.parse(identity.createdAt) / 1000),
  }
}

export function getEmailIdentity(account: SesAccountState, name: string) {
  const identity = requireIdentity(account, name)
  return {
    IdentityType: identity.type,
    FeedbackForwardingStatus: true,
    VerifiedForSendingStatus: identity.status === 'SUCCESS',
    VerificationStatus: identity.status,
    DkimAttributes: dkimAttributes(identity),
    MailFromAttributes: {
      ...(identity.mailFromDomain
        ? {
            MailFromDomain: identity.mailFromDomain,
            MailFromDomainStatus: identity.status === 'SUCCESS' ? 'SUCCESS' : 'PENDING',
          }
        : {}),
      BehaviorOnMxFailure: identity.behaviorOnMxFailure ?? 'USE_DEFAULT_VALUE',
    },
    Policies: {},
    Tags: identity.tags,
    ...(identity.configurationSetName ? { ConfigurationSetName: identity.configurationSetName } : {}),
  }
}

export function listEmailIdentities(account: SesAccountState, query: URLSearchParams, filter?: unknown) {
  const wanted = (filter && typeof filter === 'object' ? filter : {}) as Record<string, unknown>
  const matching = Object.values(account.identities).filter(
    (identity) =>
      (typeof wanted.IDENTITY_NAME_CONTAINS !== 'string' ||
        identity.name.toLowerCase().includes(wanted.IDENTITY_NAME_CONTAINS.toLowerCase())) &&
      (wanted.IDENTITY_TYPE === undefined || identity.type === wanted.IDENTITY_TYPE) &&
      (wanted.VERIFICATION_STATUS === undefined || identity.status === wanted.VERIFICATION_STATUS),
  )
  const { items, nextToken } = page(matching, query, {
    defaultSize: 100,
    maxSize: 1000,
  })
  return {
    EmailIdentities: items.map((identity) => ({
      IdentityType: identity.type,
      IdentityName: identity.name,
      SendingEnabled: identity.status === 'SUCCESS',
      VerificationStatus: identity.status,
    })),
    ...(nextToken ? { NextToken: nextToken } : {}),
  }
}

export function deleteEmailIdentity(account: SesAccountState, name: string): void {
  requireIdentity(account, name)
  delete account.identities[identityKey(name)]
}

export function putMailFromAttributes(
  account: SesAccountState,
  name: string,
  input: Record<string, unknown>,
): void {
  const identity = requireIdentity(account, name)
  const domain = identity.type === 'DOMAIN' ? identity.name : (identity.name.split('@')[1] ?? '')
  const mailFrom = typeof input.MailFromDomain === 'string' ? input.MailFromDomain.trim().toLowerCase() : ''
  if (mailFrom && (!DOMAIN.test(mailFrom) || !mailFrom.endsWith(`.${domain.toLowerCase()}`)))
    throw badRequest(`MAIL FROM domain ${mailFrom} must be a subdomain of ${domain}.`)
  const behavior = input.BehaviorOnMxFailure
  if (behavior !== undefined && behavior !== 'USE_DEFAULT_VALUE' && behavior !== 'REJECT_MESSAGE')
    throw badRequest('BehaviorOnMxFailure must be USE_DEFAULT_VALUE or REJECT_MESSAGE.')
  if (mailFrom) identity.mailFromDomain = mailFrom
  else delete identity.mailFromDomain
  if (typeof behavior === 'string') identity.behaviorOnMxFailure = behavior
}

/** PutEmailIdentityConfigurationSetAttributes: the identity's default configuration set (none without a name). */
export function putIdentityConfigurationSet(
  account: SesAccountState,
  name: string,
  input: Record<string, unknown>,
): void {
  const identity = requireIdentity(account, name)
  const setName = input.ConfigurationSetName
  if (typeof setName === 'string' && setName) {
    if (!account.configurationSets[setName]) throw notFound(`Configuration set ${setName} does not exist.`)
    identity.configurationSetName = setName
  } else delete identity.configurationSetName
}

/** What the verification link, the console's 'Mark verified' and DNS propagation do. */
export function markVerified(identity: EmailIdentity): void {
  identity.status = 'SUCCESS'
  delete identity.verificationToken
}

/** The identity a verification link is for, in whichever account and region it lives. */
export function identityByToken(
  state: LocalAwsState,
  token: string,
): { account: SesAccountState; identity: EmailIdentity } | undefined {
  for (const account of Object.values(state.ses))
    for (const identity of Object.values(account.identities))
      if (identity.verificationToken && identity.verificationToken === token) return { account, identity }
  return undefined
}

/** `Name <a@b.com>` → `a@b.com`. */
export const bareAddress = (address: string) => (/<([^>]+)>\s*$/.exec(address)?.[1] ?? address).trim()

/** The verified identity that lets an address send: the address itself, or its domain or a parent domain. */
export function sendingIdentity(account: SesAccountState, address: string): EmailIdentity | undefined {
  const bare = bareAddress(address)
  const own = findIdentity(account, bare)
  if (own?.status === 'SUCCESS') return own
  const labels = (bare.split('@')[1] ?? '').toLowerCase().split('.')
  for (let index = 0; index < labels.length - 1; index++) {
    const domain = findIdentity(account, labels.slice(index).join('.'))
    if (domain?.status === 'SUCCESS') return domain
  }
  return undefined
}

/** Verified for sending: the address itself, or its domain (or a parent domain) is verified. */
export const isVerified = (account: SesAccountState, address: string): boolean =>
  sendingIdentity(account, address) !== undefined

export function isSimulatorAddress(address: string): boolean {
  return bareAddress(address).toLowerCase().endsWith(`@${SIMULATOR_DOMAIN}`)
}
