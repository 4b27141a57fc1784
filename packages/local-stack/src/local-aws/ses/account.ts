import { randomInt } from 'node:crypto'
import type { LocalAwsState, SesAccountState } from '../state'
import { badRequest } from './ses-errors'

export const SANDBOX_QUOTA = { max24HourSend: 200, maxSendRate: 1 }
export const PRODUCTION_QUOTA = { max24HourSend: 50_000, maxSendRate: 14 }
const DAY_MS = 24 * 60 * 60 * 1000

/** An account's SES in a region, created on first use: in the sandbox, except the platform's own account. */
export function sesAccount(
  state: LocalAwsState,
  accountId: string,
  region: string,
  platform = false,
): SesAccountState {
  const key = `${accountId}/${region}`
  let account = state.ses[key]
  if (!account) {
    account = {
      accountId,
      region,
      productionAccess: platform,
      sendingEnabled: true,
      enforcementStatus: 'HEALTHY',
      ...(platform ? PRODUCTION_QUOTA : SANDBOX_QUOTA),
      identities: {},
      configurationSets: {},
      suppressed: {},
      templates: {},
      sends: [],
    }
    state.ses[key] = account
  }
  return account
}

/** Recipients sent in the last `windowMs` (24 hours by default). */
export function sentWithin(account: SesAccountState, now: number, windowMs = DAY_MS): number {
  return account.sends.reduce((sum, [at, count]) => (at > now - windowMs ? sum + count : sum), 0)
}

export function recordSend(account: SesAccountState, count: number, now: number): void {
  account.sends = account.sends.filter(([at]) => at > now - DAY_MS)
  account.sends.push([now, count])
}

export function getAccount(account: SesAccountState, now: number) {
  return {
    DedicatedIpAutoWarmupEnabled: false,
    EnforcementStatus: account.enforcementStatus,
    ProductionAccessEnabled: account.productionAccess,
    SendingEnabled: account.sendingEnabled,
    SendQuota: {
      Max24HourSend: account.max24HourSend,
      MaxSendRate: account.maxSendRate,
      SentLast24Hours: sentWithin(account, now),
    },
    SuppressionAttributes: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    ...(account.details ? { Details: account.details } : {}),
  }
}

const MAIL_TYPES = ['MARKETING', 'TRANSACTIONAL']

/** PutAccountDetails: the production-access request; asking for production puts a review case in PENDING. */
export function putAccountDetails(account: SesAccountState, input: Record<string, unknown>): void {
  const { MailType, WebsiteURL, ContactLanguage, UseCaseDescription, AdditionalContactEmailAddresses } = input
  if (typeof MailType !== 'string' || !MAIL_TYPES.includes(MailType))
    throw badRequest('MailType must be one of MARKETING, TRANSACTIONAL.')
  if (typeof WebsiteURL !== 'string' || !/^https?:\/\/\S+$/.test(WebsiteURL) || WebsiteURL.length > 1000)
    throw badRequest('WebsiteURL must be a valid URL (http or https).')
  if (ContactLanguage !== undefined && ContactLanguage !== 'EN' && ContactLanguage !== 'JA')
    throw badRequest('ContactLanguage must be one of EN, JA.')
  if (
    UseCaseDescription !== undefined &&
    (typeof UseCaseDescription !== 'string' || UseCaseDescription.length > 5000)
  )
    throw badRequest('UseCaseDescription must be at most 5000 characters.')
  const contacts = AdditionalContactEmailAddresses ?? []
  if (!Array.isArray(contacts) || contacts.length > 4 || contacts.some((item) => typeof item !== 'string'))
    throw badRequest('AdditionalContactEmailAddresses takes at most 4 email addresses.')
  const review =
    input.ProductionAccessEnabled === true
      ? account.productionAccess
        ? { Status: 'GRANTED' as const, CaseId: account.details?.ReviewDetails?.CaseId ?? newCaseId() }
        : { Status: 'PENDING' as const, CaseId: newCaseId() }
      : account.details?.ReviewDetails
  account.details = {
    MailType,
    WebsiteURL,
    ...(ContactLanguage ? { ContactLanguage: ContactLanguage as string } : {}),
    ...(UseCaseDescription ? { UseCaseDescription: UseCaseDescription as string } : {}),
    ...(contacts.length ? { AdditionalContactEmailAddresses: contacts as string[] } : {}),
    ...(review ? { ReviewDetails: review } : {}),
  }
}

const newCaseId = () => `${randomInt(1e9, 1e10)}`

/** What AWS support does when it grants the request: production quotas, review GRANTED. */
export function grantProductionAccess(account: SesAccountState): void {
  account.productionAccess = true
  account.max24HourSend = PRODUCTION_QUOTA.max24HourSend
  account.maxSendRate = PRODUCTION_QUOTA.maxSendRate
  account.details = {
    ...account.details,
    ReviewDetails: { Status: 'GRANTED', CaseId: account.details?.ReviewDetails?.CaseId ?? newCaseId() },
  }
}
