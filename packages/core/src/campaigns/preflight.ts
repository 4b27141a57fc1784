import { DEFAULT_SEND_SHARE_PERCENT, PREFLIGHT_SAMPLE_EMAILS, type Preflight, sendTime } from '@app/contracts'
import { GetAccountCommand } from '@aws-sdk/client-sesv2'
import { type ContactRecord, getTopic, suppressionSyncedAt, topicCounts } from '../audience/public'
import { customerSes, getConnection, toCustomerAwsError } from '../aws-accounts/public'
import type { OrganizationContext } from '../organizations/public'
import { requireCampaign } from './campaigns'
import { currentContent, refusalsOf } from './checks'
import { campaignEvents } from './events-setup'
import type { CampaignRecord } from './model'
import { topicRecipientsPage } from './recipients'
import { templateVariables } from './sending/public'
import { recipientValues } from './sending/variables'

/**
 * Recipients whose data one pre-flight reads at most. Beyond, the check is partial (it says so, with how many it
 * read) and the engine's own check at each recipient's turn skips or fills as the campaign chose.
 */
export const PREFLIGHT_READ_MAX = 5_000
const PAGE = 100
/** A suppression copy older than this is worth a warning. */
/** Only whether a contact lacks a variable matters here: the engine's own values are never missing. */
const PREFLIGHT_ENGINE_VALUES = { unsubscribeUrl: '', postalAddress: '', organizationName: '' }
const SUPPRESSION_STALE_MS = 7 * 24 * 3_600_000

interface Audience {
  contacts: ContactRecord[]
  complete: boolean
}

/** The topics' recipients as the send reads them (`topicRecipientsPage`), each once, up to `max`. */
export async function readAudience(record: CampaignRecord, max: number): Promise<Audience> {
  const seen = new Map<string, ContactRecord>()
  for (const topicId of record.topicIds) {
    const topic = await getTopic(record.orgId, topicId)
    if (!topic || topic.deleting) continue
    let cursor: string | undefined
    do {
      const page = await topicRecipientsPage(record.orgId, topic, PAGE, cursor)
      for (const contact of page.items) {
        if (seen.size >= max && !seen.has(contact.id))
          return { contacts: [...seen.values()], complete: false }
        seen.set(contact.id, contact)
      }
      cursor = page.nextCursor ?? undefined
    } while (cursor)
  }
  return { contacts: [...seen.values()], complete: true }
}

/** The account's SES quota and events set-up (null when it is not connected and verified). */
interface Quota {
  events: Preflight['events']
  sandbox: boolean
  maxSendRate: number
  max24HourSend: number
  sentLast24Hours: number
  /** The account's campaigns' share of MaxSendRate, in percent: what the limiter paces by. */
  sharePercent: number
}

async function accountQuota(record: CampaignRecord): Promise<Quota | null> {
  const connection = await getConnection(record.orgId, record.awsAccountId)
  if (!connection?.verified) return null
  try {
    const account = await (await customerSes(connection)).send(new GetAccountCommand({}))
    return {
      events: campaignEvents(connection),
      sandbox: account.ProductionAccessEnabled !== true,
      maxSendRate: account.SendQuota?.MaxSendRate ?? 0,
      max24HourSend: account.SendQuota?.Max24HourSend ?? 0,
      sentLast24Hours: account.SendQuota?.SentLast24Hours ?? 0,
      sharePercent: connection.sendSharePercent ?? DEFAULT_SEND_SHARE_PERCENT,
    }
  } catch (error) {
    throw toCustomerAwsError(error, 'read the account’s sending quota')
  }
}

/**
 * The pre-flight (`GET campaigns/{id}/preflight`): who would receive the campaign, who lacks a variable the
 * template uses (and what happens to them under the campaign's choice), what refuses the send, and how long it
 * would take at the campaigns' share of the account's rate.
 */
export async function preflight(
  { organizationId }: OrganizationContext,
  id: string,
  readMax = PREFLIGHT_READ_MAX,
): Promise<Preflight> {
  const record = await requireCampaign(organizationId, id)
  const content = (await currentContent(record)) ?? null
  const [refusals, audience, quota, syncedAt, counts] = await Promise.all([
    refusalsOf(record, content),
    readAudience(record, readMax),
    accountQuota(record),
    suppressionSyncedAt(organizationId, record.awsAccountId),
    topicCounts(organizationId, record.topicIds),
  ])
  const variables = content ? templateVariables(content) : []
  const missing = new Map<string, string[]>()
  let skippedForMissing = 0
  for (const contact of audience.contacts) {
    const checked = recipientValues(contact, variables, { mode: 'skip' }, PREFLIGHT_ENGINE_VALUES)
    if (!('missing' in checked)) continue
    if (record.missingVariables.mode === 'skip') skippedForMissing++
    for (const name of checked.missing) missing.set(name, [...(missing.get(name) ?? []), contact.email])
  }
  const counted = [...counts.values()].reduce((sum, topic) => sum + topic.subscribed, 0)
  const count = audience.complete ? audience.contacts.length : counted
  const warnings: Preflight['warnings'] = []
  if (quota?.sandbox) {
    warnings.push({
      code: 'sandbox',
      message:
        'This AWS account is in the SES sandbox: only verified addresses will receive the campaign. Ask AWS for production access to send to your contacts.',
    })
  }
  const todayAllows = quota ? Math.max(0, quota.max24HourSend - quota.sentLast24Hours) : null
  if (todayAllows !== null && count > todayAllows) {
    warnings.push({
      code: 'quota',
      message: `Today's quota allows ${todayAllows} more messages: the rest is sent as the 24-hour window frees up.`,
    })
  }
  if (!syncedAt || Date.now() - Date.parse(syncedAt) > SUPPRESSION_STALE_MS) {
    warnings.push({
      code: 'suppression_stale',
      message: syncedAt
        ? 'The account’s suppression list was last synced over a week ago: sync it so suppressed addresses are skipped.'
        : 'The account’s suppression list was never synced: sync it so suppressed addresses are skipped.',
    })
  }
  const time =
    quota &&
    sendTime({
      remaining: count,
      maxSendRate: quota.maxSendRate,
      sharePercent: quota.sharePercent,
      todayAllows: quota.max24HourSend < 0 ? null : todayAllows,
    })
  return {
    campaignId: record.id,
    recipients: { count, checked: audience.contacts.length, partial: !audience.complete },
    variables,
    missingVariables: [...missing.entries()]
      .map(([name, emails]) => ({
        name,
        count: emails.length,
        sample: emails.slice(0, PREFLIGHT_SAMPLE_EMAILS),
      }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    skippedForMissing,
    refusals,
    warnings,
    sandbox: quota ? quota.sandbox : null,
    events: quota ? quota.events : null,
    suppressionSyncedAt: syncedAt,
    estimate:
      quota && time && todayAllows !== null
        ? {
            maxSendRate: quota.maxSendRate,
            share: quota.sharePercent / 100,
            ratePerSecond: time.ratePerSecond,
            seconds: Number.isFinite(time.seconds) ? Math.ceil(time.seconds) : 0,
            max24HourSend: quota.max24HourSend,
            sentLast24Hours: quota.sentLast24Hours,
            todayAllows,
          }
        : null,
    checkedAt: new Date().toISOString(),
  }
}
