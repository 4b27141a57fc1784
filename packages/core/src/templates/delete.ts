import type { DeleteTemplatesBody, Principal } from '@app/contracts'
import { principalOf } from '../actor'
import { AppError } from '../errors'
import type { OrganizationContext } from '../organizations/public'
import { WriteRefused, writeWithTemplateActions } from '../organizations/public'
import { retry } from '../platform/retry'
import { enqueuePurge } from '../purge/public'
import { requireTemplate, templateDeletion } from './templates'
import * as Repo from './templates.repo'

/** Deletes a template (1 START action): head and name at once, versions in the purge worker. */
export async function deleteTemplate(
  context: OrganizationContext,
  id: string,
  now = new Date(),
): Promise<void> {
  const { organizationId: orgId, organization: org } = context
  const actor = principalOf(context.actor)
  // Deleted or renamed meanwhile (`WriteRefused`): start over with what is there now.
  await retry(
    async (attempt) => {
      const head = await requireTemplate(context, id)
      // The organization read once for the request serves the first attempt; a retry reads it fresh.
      await writeWithTemplateActions(orgId, 1, templateDeletion(head, actor), {
        now,
        org: attempt === 0 ? org : undefined,
      })
    },
    { attempts: 4, baseMs: 0, maxMs: 0, retryable: (error) => error instanceof WriteRefused },
  )
  await enqueuePurge({ kind: 'leftovers', domain: 'templates', orgId, ids: [id] })
}

/** Items per deletion transaction, keeping one for the quota item. */
const ITEMS_PER_TRANSACTION = 99

/** Heads in order, in batches whose deletions fit one transaction (where-used items make some larger). */
function deletionBatches(heads: Repo.TemplateHead[], actor: Principal, firstMost = ITEMS_PER_TRANSACTION) {
  const batches: Repo.TemplateHead[][] = []
  let batch: Repo.TemplateHead[] = []
  let size = 0
  for (const head of heads) {
    const items = templateDeletion(head, actor).length
    const most = batches.length === 0 ? firstMost : ITEMS_PER_TRANSACTION
    if (batch.length > 0 && size + items > most) {
      batches.push(batch)
      batch = []
      size = 0
    }
    batch.push(head)
    size += items
  }
  if (batch.length) batches.push(batch)
  return batches
}

/**
 * Deletes several templates, all or none: every id must be a template of this organization, and on START
 * there must be an action for each (402 and nothing deleted otherwise).
 *
 * Up to 32 templates (head, name item and event each, plus a where-used item per block they use) go in one transaction
 * with the quota. A transaction holds at most 100 items, so a larger selection (up to 100) cannot be one: the
 * first transaction spends every action and deletes as many as fit, and
 * the rest follow in further transactions that cannot be refused for quota. Validation (existence, membership,
 * the quota) all happens before or in that first transaction, so a refusal still changes nothing; what is not
 * atomic is only the moment each batch disappears, and a template deleted meanwhile by someone else is simply
 * already gone.
 */
export async function deleteTemplates(
  { organizationId: orgId, organization: org, actor: caller }: OrganizationContext,
  body: DeleteTemplatesBody,
  now = new Date(),
): Promise<void> {
  const actor = principalOf(caller)
  for (let attempt = 0; ; attempt++) {
    const heads = await Repo.getHeads(orgId, body.templateIds)
    const missing = body.templateIds.filter((id) => !heads.has(id))
    if (missing.length) {
      throw new AppError(
        'template.not_found',
        `${missing.length === 1 ? 'One template does' : `${missing.length} templates do`} not exist (${missing.join(', ')}); nothing was deleted.`,
      )
    }
    const ordered = body.templateIds.map((id) => heads.get(id) as Repo.TemplateHead)
    // The first batch leaves room for the quota item.
    const firstBatch = deletionBatches(ordered, actor, ITEMS_PER_TRANSACTION - 1)[0] ?? []
    try {
      await writeWithTemplateActions(
        orgId,
        ordered.length,
        firstBatch.flatMap((head) => templateDeletion(head, actor)),
        {
          now,
          org: attempt === 0 ? org : undefined,
        },
      )
    } catch (error) {
      // One was deleted or renamed meanwhile: check them all again.
      if (error instanceof WriteRefused && attempt < 3) continue
      throw error
    }
    await deleteRest(
      orgId,
      ordered.slice(firstBatch.length).map((head) => head.id),
      actor,
    )
    await enqueuePurge({ kind: 'leftovers', domain: 'templates', orgId, ids: body.templateIds })
    return
  }
}

/** The templates after the first transaction (already paid for), in batches, re-read if one changed meanwhile. */
async function deleteRest(orgId: string, ids: string[], actor: Principal): Promise<void> {
  let remaining = ids
  for (let attempt = 0; remaining.length > 0; attempt++) {
    if (attempt > 5) throw new Error('Templates kept changing while being deleted')
    const heads = [...(await Repo.getHeads(orgId, remaining)).values()]
    remaining = []
    for (const batch of deletionBatches(heads, actor)) {
      try {
        await writeWithTemplateActions(
          orgId,
          0,
          batch.flatMap((head) => templateDeletion(head, actor)),
        )
      } catch (error) {
        if (!(error instanceof WriteRefused)) throw error
        remaining.push(...batch.map((head) => head.id))
      }
    }
  }
}
