import {
  listPinnedCampaigns,
  markTemplateUsesBackfilled,
  templateUsesBackfilled,
  writeTemplateUse,
} from './template-uses.repo'

export { listTemplateUses, type TemplateUse } from './template-uses.repo'

const BACKFILL_CONCURRENCY = 8

/** Organizations this process has seen backfilled (the marker never goes away, so this cannot go stale). */
const backfilled = new Set<string>()

/**
 * Campaigns started before template uses were recorded (C7) get theirs: every campaign of the organization that
 * pinned a version, its use written unless the campaign was deleted meanwhile. Safe to repeat (the same item is
 * written again). Returns how many uses were written.
 */
export async function backfillTemplateUses(orgId: string): Promise<number> {
  const pending = await listPinnedCampaigns(orgId)
  let written = 0
  for (let start = 0; start < pending.length; start += BACKFILL_CONCURRENCY) {
    const results = await Promise.all(
      pending.slice(start, start + BACKFILL_CONCURRENCY).map(writeTemplateUse),
    )
    written += results.filter(Boolean).length
  }
  await markTemplateUsesBackfilled(orgId, written)
  backfilled.add(orgId)
  return written
}

/**
 * Lazily, the first time an organization's template uses are read: the backfill unless its marker says it ran
 * (one consistent read per process and organization). Campaigns started since are recorded by their send.
 */
export async function ensureTemplateUsesBackfilled(orgId: string): Promise<void> {
  if (backfilled.has(orgId)) return
  if (await templateUsesBackfilled(orgId)) backfilled.add(orgId)
  else await backfillTemplateUses(orgId)
}
