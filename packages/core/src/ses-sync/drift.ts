import type { SesSyncQuery, SesTakeBody, SesTemplateReview, Template } from '@app/contracts'
import type { AwsConnectionRecord } from '../aws-accounts/public'
import { customerSesSingleAttempt, toCustomerAwsError } from '../aws-accounts/public'
import { AppError } from '../errors'
import { SliceTimeUp } from '../jobs/public'
import type { OrganizationContext } from '../organizations/public'
import * as Templates from '../templates/public'
import {
  buildTemplate,
  commitVersion,
  fieldsOf,
  lineDiff,
  readContent,
  templateNotFound,
  versionConflict,
} from '../templates/public'
import { fingerprint, type SesParts } from './fingerprint'
import * as Publications from './publications.repo'
import { pacedSes, readSesTemplate } from './ses-calls'
import { requireSyncAccount } from './ses-sync'

/** A fresh read waits at most this long for the account's next SES slot (API Gateway answers within 30 s). */
const READ_BUDGET_MS = 20_000

const accountName = (connection: AwsConnectionRecord) => connection.name || 'Default'

/** The organization's template and its publication record in this AWS account (404 when either is missing). */
async function requireLinked(connection: AwsConnectionRecord, templateId: string) {
  const head = await Templates.getHead(connection.orgId, templateId)
  if (!head) throw templateNotFound()
  const publication = await Publications.getPublication(
    Publications.publicationTarget(connection),
    templateId,
  )
  if (!publication) {
    throw new AppError(
      'ses.not_published',
      `This template is not published to AWS account '${accountName(connection)}'.`,
    )
  }
  return { head, publication }
}

/** What SES holds now under the template's SES name (a paced read), recorded as seen on the publication. */
async function readFresh(connection: AwsConnectionRecord, publication: Publications.PublicationRecord) {
  const ses = pacedSes(await customerSesSingleAttempt(connection), connection)
  let current: SesParts | null
  try {
    current = await readSesTemplate(ses, publication.sesName, Date.now() + READ_BUDGET_MS)
  } catch (error) {
    if (error instanceof SliceTimeUp) {
      throw new AppError(
        'aws.throttled',
        'This AWS account is busy with other SES work (about one call a second); try again in a moment.',
      )
    }
    throw toCustomerAwsError(error, `read the SES template '${publication.sesName}'`)
  }
  await Publications.recordSeen(publication, current ? fingerprint(current) : null, new Date().toISOString())
  return current
}

/** GET ses/templates/{id}: SES's content now beside our current version, and a line diff (ours → SES's). */
export async function reviewTemplate(
  context: OrganizationContext,
  { templateId }: { templateId: string },
  query: SesSyncQuery,
): Promise<SesTemplateReview> {
  const connection = await requireSyncAccount(context, query)
  const { head, publication } = await requireLinked(connection, templateId)
  const [content, current] = await Promise.all([readContent(head), readFresh(connection, publication)])
  const ours = { subject: head.subject, html: content.html, text: content.textPart }
  const seen = current ? fingerprint(current) : null
  return {
    templateId: head.id,
    templateName: head.name,
    editorType: head.editorType,
    sesName: publication.sesName,
    awsAccountName: accountName(connection),
    state: !current ? 'missing_in_ses' : seen === publication.fingerprint ? 'in_sync' : 'drifted',
    sesFingerprint: seen,
    ses: current,
    ours: { ...ours, version: head.version },
    parts: current
      ? [
          lineDiff('subject' as const, ours.subject, current.subject),
          lineDiff('html' as const, ours.html, current.html),
          lineDiff('text' as const, ours.text, current.text),
        ]
      : [],
  }
}

/**
 * POST ses/templates/{id}/take: a new version of the template from SES's subject, HTML and text (an HTML
 * template, whatever its editor was; 1 template action like any save), noted as taken from SES, and the
 * publication in sync with it. Refused (409) when SES or the template moved since the review.
 */
export async function takeSesVersion(
  context: OrganizationContext,
  { templateId }: { templateId: string },
  query: SesSyncQuery,
  input: SesTakeBody,
  now = new Date(),
): Promise<Template> {
  const { actor, organization: org } = context
  const connection = await requireSyncAccount(context, query)
  const { head, publication } = await requireLinked(connection, templateId)
  if (head.version !== input.version) throw versionConflict(head.version)
  const current = await readFresh(connection, publication)
  if (!current || fingerprint(current) !== input.sesFingerprint) {
    throw new AppError(
      'ses.changed_again',
      current
        ? 'The template changed in SES again since you reviewed it; review the change again.'
        : 'SES no longer holds this template; publish it to create it again.',
    )
  }
  const content = await readContent(head)
  const fields = {
    ...fieldsOf(head, content),
    subject: current.subject,
    editorType: 'HTML' as const,
    source: current.html,
    text: { mode: 'custom' as const, custom: current.text },
  }
  const built = await buildTemplate(fields, connection.orgId)
  const saved = await commitVersion({
    actor,
    org,
    previous: head,
    fields,
    built,
    action: 'save',
    note: `Taken from SES (${accountName(connection)})`,
    now,
  })
  const inSes = fingerprint(current)
  const taken = fingerprint({ subject: saved.subject, html: saved.html, text: saved.textPart })
  const at = now.toISOString()
  await Publications.putPublication({
    ...publication,
    // Our build of SES's content is what SES holds: this version is the one published.
    publishedVersion: taken === inSes ? saved.version : publication.publishedVersion,
    fingerprint: inSes,
    publishedAt: at,
    seenFingerprint: inSes,
    checkedAt: at,
  })
  return saved
}
