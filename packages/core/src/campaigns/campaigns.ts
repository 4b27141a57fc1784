import type {
  Campaign,
  CampaignList,
  CampaignListQuerySchema,
  CreateCampaignBodySchema,
  PatchCampaignBodySchema,
  RecipientList,
  RecipientListQuerySchema,
  UpdateCampaignBodySchema,
} from '@app/contracts'
import { type CampaignStatus, isCampaignAction, type Principal, UlidSchema } from '@app/contracts'
import { ulid } from 'ulid'
import * as z from 'zod'
import { principalOf } from '../actor'
import { cursorPosition, encodeCursor } from '../db/cursor'
import { nowIso } from '../db/table'
import { AppError } from '../errors'
import { newEvent, outboxPut } from '../events/outbox'
import type { OrganizationContext } from '../organizations/public'
import { enqueuePurge } from '../purge/public'
import {
  createCampaignRecord,
  deleteCampaignRecord,
  getCampaignRecord,
  getCampaignRecords,
  listCampaignRows,
  saveCampaignRecord,
  versionConflict,
} from './campaigns.repo'
import type { CampaignRecord } from './model'
import { checkReferences } from './references'
import { senderDefaultsPut } from './sender-defaults.repo'
import { listRecipients as readRecipients } from './sending/public'
import { applyAction, assertMaySend } from './transitions'
import { currentViews, toCampaignView } from './view'

export const campaignNotFound = () => new AppError('campaigns.not_found', 'No such campaign.')

/** The organization's campaign, or 404 (another organization's id included). */
export async function requireCampaign(orgId: string, id: string): Promise<CampaignRecord> {
  const record = await getCampaignRecord(orgId, id)
  if (!record) throw campaignNotFound()
  return record
}

/** Statuses while a send is under way: no edit, no delete. */
const BUSY = new Set<CampaignStatus>(['SENDING', 'PAUSED'])
/** Statuses the engine's run sets (a record still saying SENDING or PAUSED may have reached any of them). */
const RUN_OWNED = new Set<CampaignStatus>(['SENDING', 'PAUSED', 'SENT', 'CANCELLED'])
/** Statuses that may be edited. */
const EDITABLE = new Set(['DRAFT', 'SCHEDULED'])

/** Rows read at most by one list call (~150 bytes each: 300 KB) before a filtered page is answered short. */
export const CAMPAIGN_LIST_READ_MAX = 2000

const CampaignPositionSchema = z.object({ after: UlidSchema }).strict()

/**
 * A page of campaigns, newest first (C2): DynamoDB pages the rows, filtering `q` and `status`. A campaign whose
 * record says SENDING or PAUSED follows its run (which may have moved on): such rows are read whatever the status
 * asked for among the run's, and kept only if their current status matches.
 */
export async function listCampaigns(
  { organizationId }: OrganizationContext,
  query: z.output<typeof CampaignListQuerySchema>,
): Promise<CampaignList> {
  const needle = query.q?.toLowerCase() || undefined
  const cursorQuery = {
    list: 'campaigns',
    scope: organizationId,
    filters: { q: needle, status: query.status },
  }
  const position = cursorPosition(cursorQuery, query.cursor, CampaignPositionSchema)
  const statuses =
    query.status === undefined
      ? undefined
      : RUN_OWNED.has(query.status)
        ? [...new Set([query.status, ...BUSY])]
        : [query.status]
  const { rows, next } = await listCampaignRows(organizationId, {
    limit: query.limit,
    afterId: position?.after,
    filter: { nameContains: needle, statuses },
    readMax: CAMPAIGN_LIST_READ_MAX,
  })
  const views = await currentViews(
    await getCampaignRecords(
      organizationId,
      rows.map((row) => row.id),
    ),
  )
  const items = rows.flatMap((row) => {
    const view = views.get(row.id)
    return view && (!query.status || view.status === query.status) ? [view] : []
  })
  return { items, nextCursor: next ? encodeCursor(cursorQuery, { after: next }) : null }
}

export async function getCampaign({ organizationId }: OrganizationContext, id: string): Promise<Campaign> {
  return toCampaignView(await requireCampaign(organizationId, id))
}

export async function createCampaign(
  { organizationId }: OrganizationContext,
  awsAccountId: string,
  body: z.output<typeof CreateCampaignBodySchema>,
): Promise<Campaign> {
  const at = nowIso()
  const record: CampaignRecord = {
    id: ulid(),
    orgId: organizationId,
    name: body.name,
    awsAccountId,
    sender: body.sender,
    templateId: body.templateId,
    pinnedVersion: null,
    topicIds: body.topicIds,
    missingVariables: body.missingVariables,
    schedule: body.schedule,
    status: 'DRAFT',
    pauseReason: null,
    waitingUntil: null,
    version: 1,
    createdAt: at,
    updatedAt: at,
    startedAt: null,
    finishedAt: null,
  }
  await checkReferences(null, record)
  await createCampaignRecord(record, senderDefaultsPut(record))
  return toCampaignView(record)
}

export async function updateCampaign(
  context: OrganizationContext,
  id: string,
  body: z.output<typeof PatchCampaignBodySchema>,
): Promise<Campaign> {
  const before = await requireCampaign(context.organizationId, id)
  // A scheduled campaign is approved to go out: changing what, to whom or when it sends is sending (cancelling
  // it is not).
  if (before.status === 'SCHEDULED' && !isCampaignAction(body)) assertMaySend(context)
  if (body.version !== undefined && body.version !== before.version) throw versionConflict(before.version)
  if (isCampaignAction(body)) return applyAction(context, before, body.action)
  return editCampaign(before, body, principalOf(context.actor))
}

async function editCampaign(
  before: CampaignRecord,
  body: z.output<typeof UpdateCampaignBodySchema>,
  actor: Principal,
): Promise<Campaign> {
  if (!EDITABLE.has(before.status)) {
    throw new AppError(
      'campaigns.invalid_transition',
      `A ${before.status.toLowerCase()} campaign cannot be edited; duplicate it into a new draft instead.`,
    )
  }
  const { version: _version, ...changes } = body
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined))
  const next: CampaignRecord = {
    ...before,
    ...defined,
    version: before.version + 1,
    updatedAt: nowIso(),
  }
  // A scheduled campaign without a schedule goes back to being a draft.
  if (next.status === 'SCHEDULED' && !next.schedule) next.status = 'DRAFT'
  if (next.status === 'SCHEDULED' && next.schedule && Date.parse(next.schedule.at) <= Date.now()) {
    throw new AppError('campaigns.schedule_invalid', 'Choose a time in the future to send at.')
  }
  await checkReferences(before, next)
  // A sender saved becomes the organization's defaults for its next campaign, in the same transaction.
  await saveCampaignRecord(before, next, [
    ...scheduleEvents(before, next, actor),
    ...(body.sender ? senderDefaultsPut(next) : []),
  ])
  return toCampaignView(next)
}

/**
 * A SCHEDULED campaign's new time moves its schedule (`campaign.scheduled` again: the subscriber updates it, even
 * to an earlier time); one taken off its schedule by the edit loses it (`campaign.unscheduled`).
 */
function scheduleEvents(before: CampaignRecord, next: CampaignRecord, actor: Principal) {
  if (before.status !== 'SCHEDULED') return []
  if (next.status !== 'SCHEDULED' || !next.schedule)
    return [outboxPut(newEvent('campaign.unscheduled', next.orgId, { campaignId: next.id }, actor))]
  const moved =
    next.schedule.at !== before.schedule?.at || next.schedule.timeZone !== before.schedule?.timeZone
  return moved
    ? [
        outboxPut(
          newEvent('campaign.scheduled', next.orgId, { campaignId: next.id, at: next.schedule.at }, actor),
        ),
      ]
    : []
}

export async function deleteCampaign({ organizationId }: OrganizationContext, id: string): Promise<void> {
  const record = await requireCampaign(organizationId, id)
  const view = await toCampaignView(record)
  if (BUSY.has(view.status)) {
    throw new AppError('campaigns.in_progress', 'This campaign is being sent: cancel it before deleting it.')
  }
  if ((await deleteCampaignRecord(record)) === 'changed') {
    const current = await getCampaignRecord(organizationId, id)
    if (!current) return
    throw versionConflict(current.version)
  }
  // A campaign that was sent leaves its run and ledger: removed in the background (campaigns/purge.ts).
  if (view.startedAt !== null)
    await enqueuePurge({ kind: 'leftovers', domain: 'campaigns', orgId: organizationId, ids: [id] })
}

/** A new draft with the campaign's name (marked as a copy), account, sender, template, topics and choices. */
export async function duplicateCampaign(context: OrganizationContext, id: string): Promise<Campaign> {
  const source = await requireCampaign(context.organizationId, id)
  const name = `${source.name.slice(0, 192)} (copy)`
  const at = nowIso()
  const record: CampaignRecord = {
    ...source,
    id: ulid(),
    name,
    pinnedVersion: null,
    schedule: null,
    status: 'DRAFT',
    pauseReason: null,
    waitingUntil: null,
    version: 1,
    createdAt: at,
    updatedAt: at,
    startedAt: null,
    finishedAt: null,
  }
  await createCampaignRecord(record)
  return toCampaignView(record)
}

/** The per-recipient table (the engine's ledger); empty before the campaign is sent. */
export async function listRecipients(
  { organizationId }: OrganizationContext,
  id: string,
  query: z.output<typeof RecipientListQuerySchema>,
): Promise<RecipientList> {
  await requireCampaign(organizationId, id)
  return readRecipients(organizationId, id, {
    status: query.status,
    outcome: query.outcome,
    q: query.q,
    cursor: query.cursor,
    limit: query.limit,
  })
}
