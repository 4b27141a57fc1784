import { SES_CHANGED_IN_SES } from '@app/contracts'
import { CreateEmailTemplateCommand, UpdateEmailTemplateCommand } from '@aws-sdk/client-sesv2'
import { AppError } from '../errors'
import type { ItemContext, ItemResult } from '../jobs/public'
import * as Templates from '../templates/public'
import { readContent } from '../templates/public'
import { fingerprint, type SesParts, toSesContent } from './fingerprint'
import * as Publications from './publications.repo'
import { isAlreadyExists, isNotFound, pacedCall, readSesTemplate } from './ses-calls'
import { link, type SesJobContext, sesFailure } from './ses-context'

/** The item result of a publish that would overwrite a change made in SES the user did not choose to overwrite. */
export function changedInSes(context: SesJobContext, publishedVersion: number): ItemResult {
  return {
    status: 'skipped',
    error: {
      code: SES_CHANGED_IN_SES,
      message: `Skipped: changed in SES (AWS account '${context.awsAccountName}') since version ${publishedVersion} was published. Review the change to keep ours, take SES's version or leave it.`,
      awsAccountId: context.awsAccountId,
    },
  }
}

/**
 * Publishes a template's current compiled output to the context's AWS account (create or update), paced. The one
 * place every path writing a template to SES goes through: a template already published is read from SES first
 * (the stored fingerprints may be stale), and when SES holds something else than we published — someone changed
 * it in SES — it is not written unless its id is in `context.overwrite`. A template deleted in SES is published
 * again. After a crash (`run.resumed`) what SES holds decides whether the call is repeated.
 */
export async function publishTemplate(
  context: SesJobContext,
  templateId: string,
  run: ItemContext,
): Promise<ItemResult> {
  const orgId = context.job.orgId
  const head = await Templates.getHead(orgId, templateId)
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
    await link(context, head, sesName, target, target, { announce: { previous: publication } })
    return { status: 'succeeded' as const, templateId: head.id }
  }

  // Never published here (and not resumed): nothing of ours to overwrite; a create fails on a foreign name.
  let inSes = false
  if (publication || run.resumed) {
    const current = await readSesTemplate(context.ses, sesName, run.deadline).catch((error) =>
      sesFailure(error, `read the SES template '${sesName}'`),
    )
    inSes = current !== null
    // Already what we publish (also: the call went through before a crash): nothing to write.
    if (current && fingerprint(current) === target) return done()
    if (publication && current) {
      const seen = fingerprint(current)
      if (seen !== publication.fingerprint && !context.overwrite.has(head.id)) {
        await Publications.recordSeen(publication, seen, new Date().toISOString())
        return changedInSes(context, publication.publishedVersion)
      }
    }
  }
  await run.markAttempted()
  const TemplateContent = toSesContent(parts)
  const create = () =>
    pacedCall(context.ses, run.deadline, () =>
      context.ses.client.send(new CreateEmailTemplateCommand({ TemplateName: sesName, TemplateContent })),
    )
  try {
    if (!publication || !inSes) {
      await create()
      return await done()
    }
    try {
      await pacedCall(context.ses, run.deadline, () =>
        context.ses.client.send(new UpdateEmailTemplateCommand({ TemplateName: sesName, TemplateContent })),
      )
    } catch (error) {
      // Deleted in SES since the read: publish it again.
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
