import {
  CreateEmailTemplateCommand,
  DeleteEmailTemplateCommand,
  UpdateEmailTemplateCommand,
} from '@aws-sdk/client-sesv2'
import * as AwsRepo from '../aws-accounts/aws-accounts.repo'
import { toCustomerAwsError } from '../aws-accounts/aws-errors'
import { customerSesSingleAttempt } from '../aws-accounts/customer-clients'
import { AppError } from '../errors'
import { jobCreator } from '../jobs/jobs'
import type { ItemResult, JobItemRecord, JobRecord } from '../jobs/jobs.repo'
import { SliceTimeUp } from '../jobs/pacer'
import type { ItemContext, JobHandlers, JobKindHandler } from '../jobs/run'
import { requireMembership } from '../organizations/organizations'
import { buildTemplate } from '../templates/build'
import { commitVersion, readContent } from '../templates/templates'
import * as TemplatesRepo from '../templates/templates.repo'
import { fingerprint, type SesParts, toSesContent } from './fingerprint'
import * as Publications from './publications.repo'
import { isAlreadyExists, isNotFound, type PacedSes, pacedCall, pacedSes, readSesTemplate } from './ses-calls'

export interface SesJobContext {
  job: JobRecord
  awsAccountId: string
  /** Where the publication records of the job's AWS account and region live. */
  target: Publications.PublicationTarget
  ses: PacedSes
}

/** The job's AWS account, still connected and verified, and its paced SES. */
const prepare = (job: JobRecord) => sesContextFor(job, job.awsAccountId)

/** An AWS account of the job's organization, still connected and verified, and its paced SES. */
export async function sesContextFor(job: JobRecord, awsAccountId: string | null): Promise<SesJobContext> {
  const connection = awsAccountId ? await AwsRepo.getConnection(job.orgId, awsAccountId) : undefined
  if (!connection) throw new AppError('aws_account.not_found', 'The AWS account was disconnected.')
  if (!connection.verified) {
    throw new AppError('aws_account.not_verified', 'The AWS account is not verified any more.')
  }
  return {
    job,
    awsAccountId: connection.id,
    target: Publications.publicationTarget(connection),
    ses: pacedSes(await customerSesSingleAttempt(connection), connection),
  }
}

/** SES's answers as item errors (throttling never gets here: pacedCall retries it). */
function sesFailure(error: unknown, what: string): never {
  if (error instanceof SliceTimeUp || error instanceof AppError) throw error
  throw toCustomerAwsError(error, what)
}

async function link(
  context: SesJobContext,
  head: TemplatesRepo.TemplateHead,
  sesName: string,
  published: string,
  seen: string | null,
) {
  const at = new Date().toISOString()
  await Publications.putPublication({
    ...context.target,
    templateId: head.id,
    sesName,
    publishedVersion: head.version,
    fingerprint: published,
    publishedAt: at,
    seenFingerprint: seen,
    checkedAt: at,
  })
}

/**
 * Publishes a template's current compiled output to the context's AWS account (create or update), paced; after a
 * crash (`run.resumed`) what SES holds decides whether the call is repeated.
 */
export async function publishTemplate(
  context: SesJobContext,
  templateId: string,
  run: ItemContext,
): Promise<ItemResult> {
  const orgId = context.job.orgId
  const head = await TemplatesRepo.getHead(orgId, templateId)
  if (!head) throw new AppError('template.not_found', 'The template was deleted.')
  const content = await readContent(head)
  const errors = content.lint.filter((finding) => finding.severity === 'error')
  if (errors.length > 0) {
    return {
      status: 'failed',
      error: {
        code: 'template.lint_errors',
        message: `Fix the template's errors before publishing (${errors.length}): ${errors[0]?.message} [${errors[0]?.rule}]`,
      },
    }
  }
  const parts: SesParts = { subject: head.subject, html: content.html, text: content.textPart }
  const target = fingerprint(parts)
  const publication = await Publications.getPublication(context.target, head.id)
  const sesName = publication?.sesName ?? head.name
  const done = async () => {
    await link(context, head, sesName, target, target)
    return { status: 'succeeded' as const, templateId: head.id }
  }

  // The call may have gone through before a crash: what SES holds decides, not a blind repeat.
  if (run.resumed) {
    const current = await readSesTemplate(context.ses, sesName, run.deadline).catch((error) =>
      sesFailure(error, 'read the SES template'),
    )
    if (current && fingerprint(current) === target) return done()
  }
  await run.markAttempted()
  const TemplateContent = toSesContent(parts)
  const create = () =>
    pacedCall(context.ses, run.deadline, () =>
      context.ses.client.send(new CreateEmailTemplateCommand({ TemplateName: sesName, TemplateContent })),
    )
  try {
    if (!publication) {
      await create()
      return await done()
    }
    try {
      await pacedCall(context.ses, run.deadline, () =>
        context.ses.client.send(new UpdateEmailTemplateCommand({ TemplateName: sesName, TemplateContent })),
      )
    } catch (error) {
      // Deleted in SES since it was published: publish it again.
      if (!isNotFound(error)) throw error
      await create()
    }
    return await done()
  } catch (error) {
    if (isAlreadyExists(error)) {
      return {
        status: 'failed',
        error: {
          code: 'ses.name_taken',
          message: `SES already has a template named '${sesName}' that is not linked to this template; import it, or delete it in SES, then publish.`,
        },
      }
    }
    return sesFailure(error, `publish '${sesName}'`)
  }
}

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
    const linkImported = async (head: TemplatesRepo.TemplateHead, seen: string | null) => {
      const content = await readContent(head)
      const ours = fingerprint({ subject: head.subject, html: content.html, text: content.textPart })
      await link(context, head, name, ours, seen ?? ours)
      return { status: 'succeeded' as const, templateId }
    }
    // Created before a crash: link it, never create (and spend) twice.
    if (run.resumed) {
      const created = await TemplatesRepo.getHead(orgId, templateId)
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
    const actor = jobCreator(context.job)
    const { org } = await requireMembership(actor, orgId, 'content.write')
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
      action: 'create',
      now: new Date(),
    })
    const head = await TemplatesRepo.getHead(orgId, templateId)
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
    await Publications.deletePublication(context.target, item.key)
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
