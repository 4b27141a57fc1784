import type { ContactActivity, ContactActivityList, ContactActivityQuerySchema } from '@app/contracts'
import * as z from 'zod'
import * as Audience from '../../audience/public'
import { batchGet } from '../../db/batch'
import { cursorPosition, encodeCursor } from '../../db/cursor'
import { itemParser } from '../../db/item'
import { recipientKey } from '../../db/keys'
import { AppError } from '../../errors'
import type { OrganizationContext } from '../../organizations/context'
import { getCampaignRecords, listCampaignRows } from '../campaigns.repo'
import { type RecipientRecord, RecipientSchema, shardOf } from '../sending/public'

const PositionSchema = z.object({ campaignId: z.string().min(1), skip: z.number().int().min(0) }).strict()
const parseRecipient = itemParser(RecipientSchema.extend({ sentAt: z.string().optional() }))

/** Campaigns read per step, and at most per call (a page may end early with a cursor). */
const STEP = 100
const WALK_MAX = 1000

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
  const rows = (await listCampaignRows(organizationId)).filter(
    (row) => row.status !== 'DRAFT' && row.status !== 'SCHEDULED',
  )
  let index = position ? rows.findIndex((row) => row.id <= position.campaignId) : 0
  if (index < 0) index = rows.length
  let skip = position && rows[index]?.id === position.campaignId ? position.skip : 0
  const items: Entry[] = []
  let walked = 0
  while (index < rows.length && items.length < query.limit && walked < WALK_MAX) {
    const step = rows.slice(index, index + STEP)
    const found = await batchGet(
      step.map((row) => recipientKey(organizationId, row.id, shardOf(contactId), contactId)),
    )
    for (const [offset, item] of found.entries()) {
      const row = step[offset]
      if (row && item) {
        const entries = entriesOf(row.id, parseRecipient(item)).slice(skip)
        const room = query.limit - items.length
        items.push(...entries.slice(0, room))
        if (entries.length > room) {
          skip += room
          return withNames(organizationId, items, encodeCursor(cursorQuery, { campaignId: row.id, skip }))
        }
      }
      skip = 0
    }
    index += step.length
    walked += step.length
  }
  const next = rows[index]
  return withNames(
    organizationId,
    items,
    next ? encodeCursor(cursorQuery, { campaignId: next.id, skip: 0 }) : null,
  )
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
