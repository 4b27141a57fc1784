import * as AwsAccounts from '../aws-accounts/public'
import { AppError } from '../errors'
import { newEvent } from '../events/outbox'
import type { ItemContext, ItemResult, JobHandlers, JobKindHandler, JobRecord } from '../jobs/public'
import { requireJobPrincipal } from '../jobs/public'
import { retry } from '../platform/retry'
import * as Publications from '../ses-sync/public'
import { publishTemplate, type SesJobContext, sesContextFor } from '../ses-sync/public'
import * as Templates from '../templates/public'
import { buildTemplate, commitVersion, fieldsOf, readContent } from '../templates/public'

interface PropagateContext {
  job: JobRecord
  blockId: string
  sync: boolean
  /** Each AWS account's paced SES (or why it cannot be used), made on first use. */
  accounts: Map<string, Promise<SesJobContext>>
}

/**
 * Recompiles the template with the block as it is now and saves it as a new version (1 template action, through
 * the same quota as any save). Nothing is saved when the output is already current (a redelivered item).
 */
async function recompile(
  context: PropagateContext,
  templateId: string,
): Promise<'saved' | 'current' | 'unused'> {
  const orgId = context.job.orgId
  // Saved by someone else meanwhile (`version.conflict`): recompile their version, at once (no one is throttled).
  return retry(
    async () => {
      const head = await Templates.getHead(orgId, templateId)
      if (!head) throw new AppError('template.not_found', 'The template was deleted.')
      if (!(head.blockIds ?? []).includes(context.blockId)) return 'unused'
      const content = await readContent(head)
      const fields = fieldsOf(head, content)
      const built = await buildTemplate(fields, orgId)
      if (built.html === content.html && built.textPart === content.textPart) return 'current'
      const { actor, organization: org } = await requireJobPrincipal(context.job, 'content.write')
      await commitVersion({
        actor,
        org,
        previous: head,
        fields: { ...fields, source: built.source },
        built,
        action: 'save',
        now: new Date(),
      })
      return 'saved'
    },
    {
      attempts: 4,
      baseMs: 0,
      maxMs: 0,
      retryable: (error) => error instanceof AppError && error.code === 'version.conflict',
    },
  )
}

/**
 * Re-publishes to every AWS account the template is published to, paced per account like `ses.publish`. A
 * template changed in SES is never overwritten here (a block edit carries no per-template choice): that account
 * is skipped with `ses.changed_in_ses`, the others are published.
 */
async function republish(
  context: PropagateContext,
  templateId: string,
  run: ItemContext,
): Promise<ItemResult> {
  const orgId = context.job.orgId
  const failures: ItemResult[] = []
  const skipped: ItemResult[] = []
  for (const connection of await AwsAccounts.listConnections(orgId)) {
    // Publication state is per AWS account and region: a flagged duplicate connection reaches the same one.
    const target = Publications.targetOf(connection)
    if (!target || connection.duplicateOf) continue
    if (!(await Publications.getPublication(target, templateId))) continue
    let ses = context.accounts.get(connection.id)
    if (!ses) {
      ses = sesContextFor(context.job, connection.id, run.deadline)
      context.accounts.set(connection.id, ses)
    }
    let result: ItemResult
    try {
      result = await publishTemplate(await ses, templateId, run)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      result = { status: 'failed', error: { code: error.code, message: error.message } }
    }
    if (result.status === 'skipped' && result.error) {
      skipped.push({
        ...result,
        error: { ...result.error, message: `${result.error.message} The new version is saved here.` },
      })
    }
    if (result.status === 'failed') {
      const name = connection.name || 'Default'
      failures.push({
        ...result,
        error: {
          code: result.error?.code ?? 'internal.error',
          message: `Saved, but not published to AWS account '${name}': ${result.error?.message ?? ''}`,
        },
      })
    }
  }
  return failures[0] ?? skipped[0] ?? { status: 'succeeded', templateId }
}

const propagate: JobKindHandler<PropagateContext> = {
  async prepare(job) {
    const blockId = job.params?.blockId
    if (typeof blockId !== 'string') throw new Error('A blocks.propagate job names its block')
    return {
      job,
      blockId,
      sync: job.params?.syncTemplatesWithSes === true,
      accounts: new Map(),
    }
  },
  endEvents: (job, status, at) => [
    newEvent(
      'block.propagated',
      job.orgId,
      {
        blockId: String(job.params?.blockId),
        jobId: job.id,
        status,
        counts: job.counts,
        republished: job.params?.syncTemplatesWithSes === true,
      },
      job.createdBy,
      at,
    ),
  ],
  async process(context, item, run) {
    const outcome = await recompile(context, item.key)
    if (outcome === 'unused') {
      return {
        status: 'skipped',
        error: { code: 'block.not_used', message: 'The template no longer uses this block.' },
      }
    }
    if (!context.sync) return { status: 'succeeded', templateId: item.key }
    return republish(context, item.key, run)
  },
}

/** What the jobs worker runs for block jobs. */
export const blockJobHandlers: JobHandlers = { 'blocks.propagate': propagate }
