import type { SesAccountState } from '../state'
import { getAccount, putAccountDetails } from './account'
import {
  createConfigurationSet,
  createEventDestination,
  deleteConfigurationSet,
  deleteEventDestination,
  getConfigurationSet,
  getEventDestinations,
  listConfigurationSets,
  updateEventDestination,
} from './configuration-sets'
import {
  createEmailIdentity,
  deleteEmailIdentity,
  getEmailIdentity,
  listEmailIdentities,
  putIdentityConfigurationSet,
  putMailFromAttributes,
} from './identities'
import type { RenderingFailure } from './rendering'
import { sendBulkEmail, sendEmail } from './sending'
import { badRequest } from './ses-errors'
import {
  deleteSuppressedDestination,
  getSuppressedDestination,
  listSuppressedDestinations,
  putSuppressedDestination,
} from './suppression'
import {
  createEmailTemplate,
  deleteEmailTemplate,
  getEmailTemplate,
  listEmailTemplates,
  testRenderEmailTemplate,
  updateEmailTemplate,
} from './templates'
import { sendVerificationMail } from './verification-mail'

export interface SesCall {
  operation: string
  /** Path parameters (`EmailIdentity`, `TemplateName`, …), decoded. */
  params: Record<string, string>
  query: URLSearchParams
  input: Record<string, unknown>
  account: SesAccountState
  platform: boolean
  now: number
  /** Filled by the send operations with the messages accepted and then dropped for their template data. */
  renderingFailures?: Map<string, RenderingFailure>
}

export interface SesEnvironment {
  upstreamUrl: string
  /** Where the verification mail's link points (this gateway's console). */
  verificationLink: (token: string) => string
}

/** Every SES v2 operation the stand-in answers, on one account's state in one region. */
export async function handleSes(env: SesEnvironment, call: SesCall): Promise<unknown> {
  const { account, params, query, input, now } = call
  const send = {
    account,
    upstreamUrl: env.upstreamUrl,
    platform: call.platform,
    now,
    renderingFailures: call.renderingFailures,
  }
  const name = (param: string) => params[param] ?? ''
  const listing = listParameters(query, input)
  switch (call.operation) {
    case 'GetAccount':
      return getAccount(account, now)
    case 'PutAccountDetails':
      putAccountDetails(account, input)
      return {}
    case 'PutAccountSendingAttributes':
      account.sendingEnabled = input.SendingEnabled !== false
      return {}
    case 'SendEmail':
      return sendEmail(send, input)
    case 'SendBulkEmail':
      return sendBulkEmail(send, input)
    case 'CreateEmailIdentity': {
      const { identity, response } = createEmailIdentity(account, input)
      if (identity.verificationToken)
        await sendVerificationMail({
          upstreamUrl: env.upstreamUrl,
          to: identity.name,
          region: account.region,
          accountId: account.accountId,
          link: env.verificationLink(identity.verificationToken),
        })
      return response
    }
    case 'GetEmailIdentity':
      return getEmailIdentity(account, name('EmailIdentity'))
    case 'ListEmailIdentities':
      return listEmailIdentities(account, listing, input.Filter)
    case 'DeleteEmailIdentity':
      deleteEmailIdentity(account, name('EmailIdentity'))
      return {}
    case 'PutEmailIdentityMailFromAttributes':
      putMailFromAttributes(account, name('EmailIdentity'), input)
      return {}
    case 'PutEmailIdentityConfigurationSetAttributes':
      putIdentityConfigurationSet(account, name('EmailIdentity'), input)
      return {}
    case 'CreateConfigurationSet':
      createConfigurationSet(account, input)
      return {}
    case 'GetConfigurationSet':
      return getConfigurationSet(account, name('ConfigurationSetName'))
    case 'ListConfigurationSets':
      return listConfigurationSets(account, listing)
    case 'DeleteConfigurationSet':
      deleteConfigurationSet(account, name('ConfigurationSetName'))
      return {}
    case 'CreateConfigurationSetEventDestination':
      createEventDestination(account, name('ConfigurationSetName'), input)
      return {}
    case 'GetConfigurationSetEventDestinations':
      return getEventDestinations(account, name('ConfigurationSetName'))
    case 'UpdateConfigurationSetEventDestination':
      updateEventDestination(account, name('ConfigurationSetName'), name('EventDestinationName'), input)
      return {}
    case 'DeleteConfigurationSetEventDestination':
      deleteEventDestination(account, name('ConfigurationSetName'), name('EventDestinationName'))
      return {}
    case 'PutSuppressedDestination':
      putSuppressedDestination(account, input, now)
      return {}
    case 'GetSuppressedDestination':
      return getSuppressedDestination(account, name('EmailAddress'))
    case 'DeleteSuppressedDestination':
      deleteSuppressedDestination(account, name('EmailAddress'))
      return {}
    case 'ListSuppressedDestinations':
      return listSuppressedDestinations(account, query)
    case 'CreateEmailTemplate':
      await createEmailTemplate(account, env.upstreamUrl, input)
      return {}
    case 'GetEmailTemplate':
      return getEmailTemplate(account, name('TemplateName'))
    case 'ListEmailTemplates':
      return listEmailTemplates(account, query)
    case 'UpdateEmailTemplate':
      await updateEmailTemplate(account, env.upstreamUrl, name('TemplateName'), input)
      return {}
    case 'DeleteEmailTemplate':
      deleteEmailTemplate(account, name('TemplateName'))
      return {}
    case 'TestRenderEmailTemplate':
      return testRenderEmailTemplate(account, env.upstreamUrl, name('TemplateName'), input)
    default:
      throw badRequest(`${call.operation} is not available in the local SES gateway yet.`)
  }
}

/** Paging parameters from the query (GET lists) or the body (the POST lists of current SDKs). */
function listParameters(query: URLSearchParams, input: Record<string, unknown>): URLSearchParams {
  const merged = new URLSearchParams(query)
  for (const key of ['NextToken', 'PageSize'])
    if (input[key] !== undefined && input[key] !== null) merged.set(key, String(input[key]))
  return merged
}

/** Calls limited by MaxSendRate and the daily quota rather than by the control-plane throttle. */
export const SEND_OPERATIONS = new Set(['SendEmail', 'SendBulkEmail'])
