import type { EngineValues } from '@app/contracts'
import { topicCounts } from '../audience/public'
import { getConnection } from '../aws-accounts/public'
import { AppError } from '../errors'
import { getOrganization } from '../organizations/public'
import { getContent, getHead, loadEmail } from '../templates/public'
import { campaignEvents, eventsRefusal, type Refusal } from './events-setup'
import type { CampaignRecord } from './model'
import { assertSender } from './references'

export type { Refusal }

/** The parts of the template version a send would pin (the current one). */
export interface PinnedContent {
  version: number
  subject: string
  html: string
  text: string
}

export async function currentContent(record: CampaignRecord): Promise<PinnedContent | undefined> {
  if (!record.templateId) return undefined
  const head = await getHead(record.orgId, record.templateId)
  const content = head ? await getContent(record.orgId, head.id, head.version) : undefined
  if (!head || !content) return undefined
  return { version: head.version, subject: head.subject, html: content.html, text: content.textPart }
}

/**
 * The values the engine fills in for every recipient alike (the unsubscribe link is each recipient's own): the
 * campaign's postal address and the organization's name (the From name while the organization has none).
 */
export async function senderValues(record: CampaignRecord): Promise<Omit<EngineValues, 'unsubscribeUrl'>> {
  const organization = await getOrganization(record.orgId)
  return {
    postalAddress: record.sender?.postalAddress ?? '',
    organizationName: organization?.name.trim() || record.sender?.fromName || '',
  }
}

/**
 * What stops `schedule` and `send` (the pre-flight's refusals; see `PREFLIGHT_REFUSALS`). Asks SES whether the
 * sender is verified; reads the template's current version and the topics' counters.
 */
export async function refusalsOf(record: CampaignRecord, content?: PinnedContent | null): Promise<Refusal[]> {
  const refusals: Refusal[] = []
  const missing = [
    record.sender ? null : 'a sender',
    record.templateId ? null : 'a template',
    record.topicIds.length > 0 ? null : 'at least one topic',
  ].filter((part): part is string => part !== null)
  if (missing.length > 0) {
    refusals.push({ code: 'incomplete', message: `Choose ${missing.join(', ')}.` })
  }
  const connection = await getConnection(record.orgId, record.awsAccountId)
  if (!connection?.verified) {
    refusals.push({
      code: 'account_not_verified',
      message: 'The AWS account is not connected and verified; finish its configuration on the Status page.',
    })
  } else if (record.sender) {
    try {
      await assertSender(connection, record.sender.fromEmail)
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'email_identity.not_verified')) throw error
      refusals.push({ code: 'identity_not_verified', message: error.message })
    }
  }
  const events = connection?.verified ? eventsRefusal(campaignEvents(connection)) : undefined
  const pinned = content === undefined ? await currentContent(record) : content
  if (record.templateId && !pinned) {
    refusals.push({ code: 'template_missing', message: 'The template was deleted: choose another.' })
  }
  if (pinned) {
    // The editor's Checks run this same rule (`campaign.*` findings), so a template they pass is not refused here.
    const { campaignProblems } = await loadEmail()
    const problems = campaignProblems(pinned, record.sender ?? { postalAddress: '' })
    // Without a sender the address is asked for by `incomplete`.
    refusals.push(...problems.filter((problem) => record.sender || problem.code !== 'postal_address'))
  }
  if (record.topicIds.length > 0 && (await subscribedCount(record)) === 0) {
    refusals.push({ code: 'no_recipients', message: 'Nobody is subscribed to the campaign’s topics.' })
  }
  if (events) refusals.push(events)
  return refusals
}

/** Contacts subscribed to the topics by their counters (a contact in two topics counts twice). */
export async function subscribedCount(record: CampaignRecord): Promise<number> {
  const counts = await topicCounts(record.orgId, record.topicIds)
  return [...counts.values()].reduce((sum, count) => sum + count.subscribed, 0)
}
