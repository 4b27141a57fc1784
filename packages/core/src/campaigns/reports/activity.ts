import type { ContactActivity, ContactActivityList, ContactActivityQuerySchema } from '@app/contracts'
import * as z from 'zod'
import * as Audience from '../../audience/public'
import { batchGet } from '../../db/batch'
import { cursorPosition, encodeCursor } from '../../db/cursor'
import { itemParser } from '../../db/item'
import { recipientKey } from '../../db/keys'
import { AppError } from '../../errors'
import type { OrganizationContext } from '../../organizations/public'
import { getCampaignRecords, listCampaignRows } from '../campaigns.repo'
import { type RecipientRecord, RecipientSchema, shardOf } from '../sending/public'

/** Within a campaign (its entries after `skip`), or after one (the next started campaign, older). */
const PositionSchema = z.union([
  z.object({ campaignId: z.string().min(1), skip: z.number().int().min(0) }).strict(),
  z.object({ after: z.string().min(1) }).strict(),
])
const parseRecipient = itemParser(RecipientSchema.extend({ sentAt: z.string().optional() }))

/** Campaigns read per step, and at most per call (a page may end early with a cursor). */
const STEP = 100
const WALK_MAX = 1000
/** Campaign rows read at most per step (drafts and scheduled ones are filtered out by DynamoDB). */
const ROWS_READ_MAX = 2000
const STARTED = ['SENDING', 'PAUSED', 'SENT', 'CANCELLED'] as const

type Entry = Omit<ContactActivity, 'campaignName'>

/** What happened to the contact in one campaign, newest first (from its ledger item's times). */
function entriesOf(
  campaignId: string,
  recipient: RecipientRecord & { sentAt?: string | undefined },
): Entry[] {
  const entries: Entry[] = []
  const add = (type: Entry['type'], at: string | undefined, detail: string | null = null) => {
    if (at) entries.push({ campaignId, type, at, detail })
  }
  const sentAt =
    recipient.sentAt ??
    (['SENT', 'UNKNOWN', 'UNCONFIRMED'].includes(recipient.status) ? recipient.updatedAt : undefined)
  add('SENT', sentAt)
  add('DELIVERED', recipient.deliveredAt)
  add('OPENED', recipient.openedAt)
  add('CLICKED', recipient.clickedAt, recipient.firstLink ?? null)
  if (recipient.bounce)
    add('BOUNCED', recipient.bounce.at, `${recipient.bounce.type} / ${recipient.bounce.subType}`)
  add('COMPLAINED', recipient.complainedAt)
  add('UNSUBSCRIBED', recipient.unsubscribedAt)
  if (recipient.status === 'FAILED') add('FAILED', recipient.updatedAt, recipient.reason?.message ?? null)
  if (recipient.status === 'SKIPPED') add('SKIPPED', recipient.updatedAt, recipient.reason?.message ?? null)
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
}

/**
 * `GET contacts/{id}/activity`: the contact's history in the organization's sent campaigns, campaign by campaign
 * (newest campaign first; within one, newest first). No index is needed: a contact's ledger item in a campaign is
 * found by key (its shard is a hash of the contact id), so a page reads the campaigns' items 100 at a time.
 */
export async function contactActivity(
  { organizationId }: OrganizationContext,
  contactId: string,
  query: z.output<typeof ContactActivityQuerySchema>,
): Promise<ContactActivityList> {
  if (!(await Audience.getContact(organizationId, contactId)))
    throw new AppError('contact.not_found', 'No such contact.')
  const cursorQuery = { list: 'contact-activity', scope: `${organizationId}/${contactId}`, filters: {} }
  const position = cursorPosition(cursorQuery, query.cursor, PositionSchema)
  let skip = position && 'skip' in position ? position.skip : 0
  // The campaigns to read next, then those after `after` (newest first) while `more` may follow.
  let pending = position && 'campaignId' in position ? [position.campaignId] : []
  let after = position ? ('after' in position ? position.after : position.campaignId) : undefined
  let more = true
  const items: Entry[] = []
  let walked = 0
  while (items.length < query.limit && walked < WALK_MAX) {
    if (pending.length === 0) {
      if (!more) break
      const page = await listCampaignRows(organizationId, {
        limit: STEP,
        afterId: after,
        filter: { statuses: STARTED },
        readMax: ROWS_READ_MAX,
      })
      pending = page.rows.map((row) => row.id)
      more = page.next !== null
      after = page.next ?? after
      // Nothing started among the rows read: answer what there is, with the cursor past them.
      if (pending.length === 0) break
    }
    const step = pending
    pending = []
    const found = await batchGet(
      step.map((id) => recipientKey(organizationId, id, shardOf(contactId), contactId)),
    )
    for (const [offset, item] of found.entries()) {
      const id = step[offset]
      if (id && item) {
        const entries = entriesOf(id, parseRecipient(item)).slice(skip)
        const room = query.limit - items.length
        items.push(...entries.slice(0, room))
        if (entries.length > room) {
          skip += room
          return withNames(organizationId, items, encodeCursor(cursorQuery, { campaignId: id, skip }))
        }
      }
      skip = 0
    }
    walked += step.length
  }
  return withNames(organizationId, items, more && after ? encodeCursor(cursorQuery, { after }) : null)
}

async function withNames(
  orgId: string,
  entries: Entry[],
  nextCursor: string | null,
): Promise<ContactActivityList> {
  const ids = [...new Set(entries.map((entry) => entry.campaignId))]
  const records = ids.length ? await getCampaignRecords(orgId, ids) : []
  const names = new Map(records.map((record) => [record.id, record.name]))
  return {
    items: entries.map((entry) => ({ ...entry, campaignName: names.get(entry.campaignId) ?? '' })),
    nextCursor,
  }
}
