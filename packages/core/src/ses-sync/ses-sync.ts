import {
  JOB_MAX_ITEMS,
  type Job,
  type JobKind,
  type SesImportBody,
  type SesPublishBody,
  type SesSyncOverview,
  type SesSyncQuery,
  type SesTemplateIdsBody,
  type SesTemplateRow,
  type UnpublishedTemplate,
} from '@app/contracts'
import { ulid } from 'ulid'
import * as AwsAccounts from '../aws-accounts/public'
import { customerSesSingleAttempt, toCustomerAwsError } from '../aws-accounts/public'
import { AppError } from '../errors'
import * as JobsStore from '../jobs/public'
import { startJob } from '../jobs/public'
import type { OrganizationContext } from '../organizations/public'
import * as Templates from '../templates/public'
import { readContent, templateNotFound } from '../templates/public'
import { fingerprint } from './fingerprint'
import * as Publications from './publications.repo'
import { listSesTemplateNames, pacedSes } from './ses-calls'

/** The list call reads SES's pages for at most this long (API Gateway answers within 30 s). */
const LIST_BUDGET_MS = 20_000

/**
 * The context organization's verified AWS account (the middleware checked membership and permission). Another
 * organization's account answers 404 as an unknown one does.
 */
export async function requireSyncAccount(context: OrganizationContext, query: SesSyncQuery) {
  const connection = await AwsAccounts.getConnection(context.organizationId, query.awsAccountId)
  if (!connection) throw new AppError('aws_account.not_found', 'No such AWS account.')
  if (!connection.verified) {
    throw new AppError(
      'aws_account.not_verified',
      'This AWS account is not verified yet; finish its configuration on the Status page.',
    )
  }
  return connection
}

const contentFingerprint = async (head: Templates.TemplateHead) => {
  const content = await readContent(head)
  return fingerprint({ subject: head.subject, html: content.html, text: content.textPart })
}

/** Heads whose version moved since publishing: is their output still what was published? */
async function changedInProduct(
  linked: { head: Templates.TemplateHead; publication: Publications.PublicationRecord }[],
): Promise<Set<string>> {
  const changed = new Set<string>()
  const moved = linked.filter(({ head, publication }) => head.version !== publication.publishedVersion)
  for (let start = 0; start < moved.length; start += 10) {
    await Promise.all(
      moved.slice(start, start + 10).map(async ({ head, publication }) => {
        if ((await contentFingerprint(head)) !== publication.fingerprint) changed.add(head.id)
      }),
    )
  }
  return changed
}

async function latestRefresh(orgId: string, awsAccountId: string): Promise<string | null> {
  const { jobs } = await JobsStore.listJobs(orgId, 20, undefined, { awsAccountId, kind: 'ses.refresh' })
  return jobs.find((job) => job.finishedAt && job.status !== 'failed')?.finishedAt ?? null
}

/** GET ses: SES's template names (paced, all pages) joined with the stored publication records. */
export async function overview(context: OrganizationContext, query: SesSyncQuery): Promise<SesSyncOverview> {
  const connection = await requireSyncAccount(context, query)
  const orgId = connection.orgId
  const ses = pacedSes(await customerSesSingleAttempt(connection), connection)
  const [listed, publications, heads, refreshedAt] = await Promise.all([
    listSesTemplateNames(ses, Date.now() + LIST_BUDGET_MS).catch((error) => {
      throw toCustomerAwsError(error, 'list the SES templates')
    }),
    Publications.listPublications(Publications.publicationTarget(connection)),
    Templates.listHeads(orgId),
    latestRefresh(orgId, connection.id),
  ])
  const headById = new Map(heads.map((head) => [head.id, head]))
  const linkedByName = new Map(
    publications.flatMap((publication) => {
      const head = headById.get(publication.templateId)
      return head ? [[publication.sesName, { head, publication }] as const] : []
    }),
  )
  const changed = await changedInProduct([...linkedByName.values()])
  const inSes = new Set(listed.templates.map((template) => template.name))

  const sesTemplates: SesTemplateRow[] = listed.templates.map(({ name, createdAt }) => {
    const link = linkedByName.get(name)
    if (!link) {
      return {
        name,
        createdAt,
        templateId: null,
        templateName: null,
        state: 'unlinked',
        publishedVersion: null,
        currentVersion: null,
        publishedAt: null,
        checkedAt: null,
      }
    }
    const { head, publication } = link
    const drifted = publication.seenFingerprint !== publication.fingerprint
    return {
      name,
      createdAt,
      templateId: head.id,
      templateName: head.name,
      state: drifted ? 'drifted' : changed.has(head.id) ? 'changed_in_product' : 'in_sync',
      publishedVersion: publication.publishedVersion,
      currentVersion: head.version,
      publishedAt: publication.publishedAt,
      checkedAt: publication.checkedAt,
    }
  })

  const publicationByTemplate = new Map(
    publications.map((publication) => [publication.templateId, publication]),
  )
  const unpublished: UnpublishedTemplate[] = heads.flatMap((head) => {
    const publication = publicationByTemplate.get(head.id)
    if (publication && (inSes.has(publication.sesName) || !listed.complete)) return []
    return [
      {
        templateId: head.id,
        templateName: head.name,
        version: head.version,
        state: publication ? 'missing_in_ses' : 'not_published',
        sesName: publication?.sesName ?? null,
        publishedVersion: publication?.publishedVersion ?? null,
      },
    ]
  })

  return {
    awsAccountId: connection.id,
    sesTemplates: sesTemplates.sort((a, b) => a.name.localeCompare(b.name)),
    unpublished: unpublished.sort((a, b) => a.templateName.localeCompare(b.templateName)),
    complete: listed.complete,
    refreshedAt,
  }
}

/** The organization's templates by id; another organization's (or unknown) ids answer 404 for the whole call. */
async function requireTemplates(orgId: string, ids: string[]) {
  const heads = await Templates.getHeads(orgId, ids)
  if (heads.size !== ids.length) throw templateNotFound()
  return ids.map((id) => heads.get(id) as Templates.TemplateHead)
}

async function startTemplateJob(
  context: OrganizationContext,
  query: SesSyncQuery,
  templateIds: string[],
  kind: JobKind,
  params?: Record<string, string[]>,
) {
  const connection = await requireSyncAccount(context, query)
  const heads = await requireTemplates(connection.orgId, templateIds)
  return startJob({
    actor: context.actor,
    orgId: connection.orgId,
    kind,
    awsAccountId: connection.id,
    items: heads.map((head) => ({ key: head.id, label: head.name })),
    ...(params ? { params } : {}),
  })
}

/**
 * PATCH ses: publish (create or update in SES) as a job. A template changed in SES is overwritten only when the
 * user chose so for it (`overwriteTemplateIds`); otherwise its item is skipped (see `publishTemplate`).
 */
export function startPublish(
  context: OrganizationContext,
  query: SesSyncQuery,
  { templateIds, overwriteTemplateIds }: SesPublishBody,
): Promise<Job> {
  const params = overwriteTemplateIds?.length ? { overwriteTemplateIds } : undefined
  return startTemplateJob(context, query, templateIds, 'ses.publish', params)
}

/** DELETE ses: delete from SES only, as a job. */
export function startDelete(
  context: OrganizationContext,
  query: SesSyncQuery,
  { templateIds }: SesTemplateIdsBody,
): Promise<Job> {
  return startTemplateJob(context, query, templateIds, 'ses.delete')
}

/** POST ses: import SES templates as HTML templates, as a job (each new template's id is fixed up front). */
export async function startImport(
  context: OrganizationContext,
  query: SesSyncQuery,
  { templates }: SesImportBody,
): Promise<Job> {
  const connection = await requireSyncAccount(context, query)
  return startJob({
    actor: context.actor,
    orgId: connection.orgId,
    kind: 'ses.import',
    awsAccountId: connection.id,
    items: templates.map((name) => ({ key: name, label: name, templateId: ulid() })),
  })
}

/** POST ses/refresh: read every linked SES template again (drift), as a job. */
export async function startRefresh(context: OrganizationContext, query: SesSyncQuery): Promise<Job> {
  const connection = await requireSyncAccount(context, query)
  const publications = await Publications.listPublications(Publications.publicationTarget(connection))
  return startJob({
    actor: context.actor,
    orgId: connection.orgId,
    kind: 'ses.refresh',
    awsAccountId: connection.id,
    items: publications
      .slice(0, JOB_MAX_ITEMS)
      .map((publication) => ({ key: publication.templateId, label: publication.sesName })),
  })
}
