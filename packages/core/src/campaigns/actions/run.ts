import { type CampaignAudienceAction, CampaignAudienceActionSchema } from '@app/contracts'
import {
  applyContactAction,
  type ConsentOrigin,
  type ContactAction,
  getContacts,
  getTopic,
} from '../../audience/public'
import { AppError } from '../../errors'
import type { ItemContext, ItemProgress, JobHandlers, JobKindHandler, JobRecord } from '../../jobs/public'
import { requireJobPrincipal, SliceTimeUp } from '../../jobs/public'
import { outcomePage } from '../sending/public'
import { ACTION_PLANS, addTo, classify, type Tally, tallyKeyOf } from './tally'

/** Ledger items read per page of a shard (matching or not). */
export const ACTION_PAGE = 200
/** The cursor of a shard walked to its end (after every contact id). */
const SHARD_END = '\uffff'
/** Contacts changed at once. */
const PARALLEL = 8

interface ActionContext {
  orgId: string
  campaignId: string
  action: CampaignAudienceAction
  topicId: string | undefined
  change: ContactAction
  origin: ConsentOrigin
}

function changeOf(action: CampaignAudienceAction, topicId: string | undefined): ContactAction {
  if (action === 'unsubscribe-bounced') return { type: 'unsubscribeAll' }
  if (action === 'delete-bounced') return { type: 'delete' }
  const status = ACTION_PLANS[action].topicStatus
  if (!topicId || !status) throw new AppError('request.invalid', 'The job names no topic.')
  return { type: 'topic', topicId, status }
}

/**
 * Applies the pending contacts of a page, a few at a time; when the slice's time is up, saves the rest as
 * still pending and stops (the next slice applies them). `resumed`: these were pending in a checkpoint.
 */
async function applyPending(
  context: ActionContext,
  progress: ItemProgress,
  run: ItemContext,
  resumed: boolean,
): Promise<ItemProgress> {
  let tally: Tally = progress.tally
  const pending = [...(progress.pending ?? [])]
  while (pending.length > 0) {
    if (Date.now() >= run.deadline) {
      await run.checkpoint({ ...progress, pending, tally })
      throw new SliceTimeUp()
    }
    const batch = pending.splice(0, PARALLEL)
    const outcomes = await Promise.all(
      batch.map((id) => applyContactAction(context.orgId, id, context.change, context.origin)),
    )
    for (const outcome of outcomes) tally = addTo(tally, tallyKeyOf(context.action, outcome, resumed))
  }
  const done = { ...progress, pending: [], tally }
  await run.checkpoint(done)
  return done
}

/**
 * A campaign's audience action, one ledger shard per item: its recipients with the outcome, page by page. Each
 * page is classified (contacts left as they are counted at once) and checkpointed with the next cursor and the
 * contacts to change; then those are changed and checkpointed again. A crash or a slice's end resumes from the
 * checkpoint: nothing counted twice, nothing redone but the pending contacts (each change is idempotent).
 */
const audienceAction: JobKindHandler<ActionContext> = {
  async prepare(job: JobRecord) {
    await requireJobPrincipal(job, 'audience.write')
    const action = CampaignAudienceActionSchema.parse(job.params?.action)
    const campaignId = String(job.params?.campaignId ?? '')
    const topicId = typeof job.params?.topicId === 'string' ? job.params.topicId : undefined
    if (topicId) {
      const topic = await getTopic(job.orgId, topicId)
      if (!topic || topic.deleting) throw new AppError('topic.not_found', 'The topic was deleted.')
    }
    return {
      orgId: job.orgId,
      campaignId,
      action,
      topicId,
      change: changeOf(action, topicId),
      origin: { source: 'campaign-action', by: job.createdBy, campaignId, jobId: job.id },
    }
  },
  async process(context, item, run) {
    const shard = Number(item.key)
    let progress: ItemProgress = run.progress ?? { tally: {} }
    if (progress.pending?.length) progress = await applyPending(context, progress, run, true)
    const { outcome } = ACTION_PLANS[context.action]
    while (progress.cursor !== SHARD_END) {
      if (Date.now() >= run.deadline) throw new SliceTimeUp()
      const page = await outcomePage(
        context.orgId,
        context.campaignId,
        shard,
        outcome,
        progress.cursor,
        ACTION_PAGE,
      )
      const contacts = await getContacts(context.orgId, page.contactIds)
      const byId = new Map(contacts.flatMap((contact) => (contact ? [[contact.id, contact] as const] : [])))
      const sorted = classify(context.action, page.contactIds, byId, context.topicId)
      let tally = progress.tally
      for (const [key, count] of Object.entries(sorted.tally)) tally = addTo(tally, key as keyof Tally, count)
      progress = { cursor: page.next ?? SHARD_END, pending: sorted.pending, tally }
      await run.checkpoint(progress)
      progress = await applyPending(context, progress, run, false)
    }
    return { status: 'succeeded' }
  },
}

export const campaignActionJobHandlers: JobHandlers = {
  'campaigns.unsubscribe_bounced': audienceAction,
  'campaigns.delete_bounced': audienceAction,
  'campaigns.outcome_topic': audienceAction,
}
