import { DeleteEmailTemplateCommand } from '@aws-sdk/client-sesv2'
import { newEvent, outboxPut } from '../events/outbox'
import type { ItemContext, JobHandlers, JobItemRecord, JobKindHandler, JobRecord } from '../jobs/public'
import { requireJobPrincipal } from '../jobs/public'
import * as Templates from '../templates/public'
import { buildTemplate, commitVersion, readContent } from '../templates/public'
import { fingerprint } from './fingerprint'
import * as Publications from './publications.repo'
import { publishTemplate } from './publish'
import { isNotFound, pacedCall, readSesTemplate } from './ses-calls'
import { link, type SesJobContext, sesContextFor, sesFailure } from './ses-context'

/** The job's AWS account, still connected and verified, and its paced SES. */
const prepare = (job: JobRecord, deadline: number) => sesContextFor(job, job.awsAccountId, deadline)

const publish: JobKindHandler<SesJobContext> = {
  prepare,
  process: (context, item, run) => publishTemplate(context, item.key, run),
}

const importTemplates: JobKindHandler<SesJobContext> = {
  prepare,
  async process(context, item, run) {
    const orgId = context.job.orgId
    const name = item.key
    const templateId = item.templateId
    if (!templateId) throw new Error('An import item carries the id of the template it creates')
    const linkImported = async (head: Templates.TemplateHead, seen: string | null) => {
      const content = await readContent(head)
      const ours = fingerprint({ subject: head.subject, html: content.html, text: content.textPart })
      await link(context, head, name, ours, seen ?? ours)
      return { status: 'succeeded' as const, templateId }
    }
    // Created before a crash: link it, never create (and spend) twice.
    if (run.resumed) {
      const created = await Templates.getHead(orgId, templateId)
      if (created) return linkImported(created, null)
    }
    const parts = await readSesTemplate(context.ses, name, run.deadline).catch((error) =>
      sesFailure(error, `read the SES template '${name}'`),
    )
    if (!parts) {
      return {
        status: 'failed',
        error: { code: 'ses.not_found', message: `SES has no template named '${name}'.` },
      }
    }
    const { actor, organization: org } = await requireJobPrincipal(context.job, 'content.write')
    // Exactly what SES holds: its text part as a custom one (empty when SES has none), so the two are in sync.
    const fields = {
      name,
      subject: parts.subject,
      editorType: 'HTML' as const,
      source: parts.html,
      text: { mode: 'custom' as const, custom: parts.text },
      tags: [],
      sampleData: [],
    }
    const built = await buildTemplate(fields, orgId)
    await run.markAttempted()
    await commitVersion({
      actor,
      org,
      previous: null,
      id: templateId,
      fields,
      built,
      action: 'import',
      now: new Date(),
    })
    const head = await Templates.getHead(orgId, templateId)
    if (!head) throw new Error('The imported template vanished')
    return linkImported(head, fingerprint(parts))
  },
}

const deleteFromSes: JobKindHandler<SesJobContext> = {
  prepare,
  async process(context, item, run) {
    const publication = await Publications.getPublication(context.target, item.key)
    if (!publication) {
      return {
        status: 'skipped',
        error: { code: 'ses.not_published', message: 'This template is not published to this AWS account.' },
      }
    }
    await run.markAttempted()
    try {
      await pacedCall(context.ses, run.deadline, () =>
        context.ses.client.send(new DeleteEmailTemplateCommand({ TemplateName: publication.sesName })),
      )
    } catch (error) {
      // Already gone (deleted before a crash, or outside the product): the result is the same.
      if (!isNotFound(error)) sesFailure(error, `delete '${publication.sesName}'`)
    }
    const event = newEvent(
      'template.unpublished',
      context.job.orgId,
      {
        templateId: item.key,
        sesName: publication.sesName,
        awsAccountId: context.awsAccountId,
        region: context.target.region,
        jobId: context.job.id,
      },
      context.job.createdBy,
    )
    await Publications.deletePublication(context.target, item.key, [outboxPut(event)])
    return { status: 'succeeded', templateId: item.key }
  },
}

const refresh: JobKindHandler<SesJobContext> = {
  prepare,
  async process(context, item: JobItemRecord, run: ItemContext) {
    const publication = await Publications.getPublication(context.target, item.key)
    if (!publication) return { status: 'skipped' }
    const current = await readSesTemplate(context.ses, publication.sesName, run.deadline).catch((error) =>
      sesFailure(error, `read '${publication.sesName}'`),
    )
    await Publications.recordSeen(
      publication,
      current ? fingerprint(current) : null,
      new Date().toISOString(),
    )
    return { status: 'succeeded', templateId: item.key }
  },
}

/** What the jobs worker runs for each SES job kind. */
export const sesJobHandlers: JobHandlers = {
  'ses.publish': publish,
  'ses.import': importTemplates,
  'ses.delete': deleteFromSes,
  'ses.refresh': refresh,
}
