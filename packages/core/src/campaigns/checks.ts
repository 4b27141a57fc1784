import { topicCounts } from '../audience/public'
import { getConnection } from '../aws-accounts/public'
import { AppError } from '../errors'
import { loadEmail } from '../templates/email'
import { getContent, getHead } from '../templates/public'
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

/** `{{unsubscribeUrl}}` or `{{{unsubscribeUrl}}}`, spaces allowed. */
const UNSUBSCRIBE_TAG = /\{\{\{?\s*unsubscribeUrl\s*\}?\}\}/
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase()
/** An address typed on several lines in the template still matches one typed with commas. */
const addressWords = (text: string) => normalise(text.replace(/[,;]/g, ' '))

/** Whether the HTML has a visible link to the preference page and the text part (when any) has its URL. */
export async function hasUnsubscribeLink(content: PinnedContent): Promise<boolean> {
  const { visibleLinks } = await loadEmail()
  const linked = visibleLinks(content.html).some(
    (link) => UNSUBSCRIBE_TAG.test(link.href) && link.text.length > 0,
  )
  return linked && (content.text.trim() === '' || UNSUBSCRIBE_TAG.test(content.text))
}

/** Whether the postal address reads in the HTML's visible text and in the text part (when any). */
export async function hasPostalAddress(content: PinnedContent, postalAddress: string): Promise<boolean> {
  const wanted = addressWords(postalAddress)
  if (!wanted) return false
  const { htmlToText } = await loadEmail()
  const shows = (text: string) => addressWords(text).includes(wanted)
  return shows(htmlToText(content.html)) && (content.text.trim() === '' || shows(content.text))
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
  if (pinned && !(await hasUnsubscribeLink(pinned))) {
    refusals.push({
      code: 'unsubscribe_link',
      message:
        'The template needs a visible unsubscribe link: a link to {{unsubscribeUrl}} with text in the HTML, and {{unsubscribeUrl}} in the text part.',
    })
  }
  if (pinned && record.sender && !(await hasPostalAddress(pinned, record.sender.postalAddress))) {
    refusals.push({
      code: 'postal_address',
      message: record.sender.postalAddress
        ? 'The template must show the sender’s postal address as set on the campaign (in the HTML and the text part).'
        : 'Set the sender’s postal address, and show it in the template (CAN-SPAM).',
    })
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
