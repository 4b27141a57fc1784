import { getTopic } from '../../audience/public'
import { transact } from '../../db/transact'
import { topicRecipientsPage } from '../recipients'
import { countShard, initCounterItem, putPending, SHARDS } from './ledger.repo'
import { type RunRecord, runUpdateItem, updateRun } from './runs.repo'

/** Contacts read per page of a topic (each page one batch of ledger puts and one checkpoint). */
export const MATERIALISE_PAGE = 500

/**
 * Writes the ledger from the audience, a page at a time until `deadline`: each topic's opted-in contacts (the
 * preference index, effective status OPT_IN: unsubscribed, bounced, complained and suppressed contacts are not
 * there) become PENDING recipients, then the checkpoint moves on, conditioned on the one read (and the run's
 * generation). A crash repeats one page with the same items. After the last page the counters are set from a
 * consistent count of each shard, in one transaction with the run leaving `materialising`. Answers whether the
 * ledger is complete.
 */
export async function materialise(run: RunRecord, deadline: number, now = new Date()): Promise<boolean> {
  let current = run
  while (Date.now() < deadline) {
    const { topicIndex, cursor } = current.checkpoint
    const topicId = current.topicIds[topicIndex]
    if (topicId === undefined) return finishLedger(current)
    const topic = await getTopic(current.orgId, topicId)
    let next = { topicIndex: topicIndex + 1, cursor: null as string | null }
    if (topic && !topic.deleting) {
      const page = await topicRecipientsPage(current.orgId, topic, MATERIALISE_PAGE, cursor ?? undefined)
      await putPending(current.orgId, current.campaignId, page.items, now.toISOString())
      if (page.nextCursor) next = { topicIndex, cursor: page.nextCursor }
    }
    const moved = await updateRun(
      current,
      { checkpoint: next },
      {
        extraCondition: 'checkpoint = :checkpoint AND materialising = :true',
        extraValues: { ':checkpoint': current.checkpoint, ':true': true },
      },
    )
    if (!moved) return false
    current = { ...current, checkpoint: next }
  }
  return false
}

async function finishLedger(run: RunRecord): Promise<boolean> {
  const totals = await Promise.all(SHARDS.map((shard) => countShard(run.orgId, run.campaignId, shard)))
  try {
    await transact([
      runUpdateItem(
        run,
        { materialising: false },
        {
          extraCondition: 'materialising = :true',
          extraValues: { ':true': true },
        },
      ),
      ...SHARDS.map((shard) => initCounterItem(run.orgId, run.campaignId, shard, totals[shard] ?? 0)),
    ])
    return true
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionFailed') return false
    throw error
  }
}
