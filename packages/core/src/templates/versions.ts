import type {
  Template,
  TemplateDiff,
  TemplateDiffQuerySchema,
  TemplateVersion,
  TemplateVersionList,
  TemplateVersionListQuerySchema,
  TemplateVersionSummary,
} from '@app/contracts'
import { TemplateVersionNumberSchema } from '@app/contracts'
import { diffLines } from 'diff'
import * as z from 'zod'
import { cursorPosition, encodeCursor } from '../db/cursor'
import { AppError } from '../errors'
import type { OrganizationContext } from '../organizations/public'
import type { TemplateContent } from './content'
import * as VersionsRepo from './template-versions.repo'
import { commitVersion, fieldsOf, requireTemplate } from './templates'
import type * as Repo from './templates.repo'

const versionNotFound = (version: number) =>
  new AppError('template_version.not_found', `This template has no version ${version}.`)

function toSummary(record: VersionsRepo.VersionRecord): TemplateVersionSummary {
  return {
    version: record.version,
    action: record.action,
    restoredFrom: record.restoredFrom ?? null,
    ...(record.note ? { note: record.note } : {}),
    name: record.name,
    subject: record.subject,
    editorType: record.editorType,
    savedAt: record.savedAt,
    savedBy: record.savedBy,
  }
}

async function readVersion(head: Repo.TemplateHead, version: number) {
  const [record, content] = await Promise.all([
    VersionsRepo.getVersion(head.orgId, head.id, version),
    VersionsRepo.getContent(head.orgId, head.id, version),
  ])
  if (!record || !content) throw versionNotFound(version)
  return { record, content }
}

const VersionPositionSchema = z.object({ version: TemplateVersionNumberSchema }).strict()

/** A template's versions, newest first; the cursor holds the last version shown. */
export async function listVersions(
  context: OrganizationContext,
  id: string,
  query: z.output<typeof TemplateVersionListQuerySchema>,
): Promise<TemplateVersionList> {
  const head = await requireTemplate(context, id)
  const cursorQuery = { list: 'template-versions', scope: `${head.orgId}/${head.id}` }
  const before = cursorPosition(cursorQuery, query.cursor, VersionPositionSchema)
  const page = await VersionsRepo.listVersions(head.orgId, head.id, query.limit, before?.version)
  const last = page.versions.at(-1)
  return {
    items: page.versions.map(toSummary),
    nextCursor: page.more && last ? encodeCursor(cursorQuery, { version: last.version }) : null,
  }
}

export async function getVersion(
  context: OrganizationContext,
  { id, version }: { id: string; version: number },
): Promise<TemplateVersion> {
  const head = await requireTemplate(context, id)
  const { record, content } = await readVersion(head, version)
  return {
    ...toSummary(record),
    templateId: head.id,
    source: content.source,
    text: content.text,
    textPart: content.textPart,
    html: content.html,
    tags: record.tags,
    sampleData: content.sampleData,
    variables: content.variables,
    lint: content.lint,
  }
}

/** A line diff of one part (`from` → `to`), as runs of equal, added and removed lines. */
export function lineDiff<P extends string>(part: P, from: string, to: string) {
  const changes = diffLines(from, to).map((change) => ({
    kind: change.added ? ('added' as const) : change.removed ? ('removed' as const) : ('equal' as const),
    value: change.value,
    lines: change.count ?? 0,
  }))
  return { part, changed: changes.some((change) => change.kind !== 'equal'), changes }
}

/** Line diffs of two versions: subject, source, compiled HTML (unless both are HTML templates) and text part. */
export async function diffVersions(
  context: OrganizationContext,
  id: string,
  query: z.output<typeof TemplateDiffQuerySchema>,
): Promise<TemplateDiff> {
  const head = await requireTemplate(context, id)
  const [from, to] = await Promise.all([readVersion(head, query.from), readVersion(head, query.to)])
  const sameAsSource = (version: { record: VersionsRepo.VersionRecord }) =>
    version.record.editorType === 'HTML'
  const text = (content: TemplateContent) => content.textPart
  return {
    from: query.from,
    to: query.to,
    parts: [
      lineDiff('subject', from.record.subject, to.record.subject),
      lineDiff('source', from.content.source, to.content.source),
      ...(sameAsSource(from) && sameAsSource(to)
        ? []
        : [lineDiff('html', from.content.html, to.content.html)]),
      lineDiff('text', text(from.content), text(to.content)),
    ],
  }
}

/**
 * Makes an older version's content current as a new version (1 START action): subject, editor, source, text
 * and sample data come back; the name and tags stay as they are now (they identify and file the template).
 */
export async function restoreVersion(
  context: OrganizationContext,
  { id, version }: { id: string; version: number },
  now = new Date(),
): Promise<Template> {
  const { actor, organization: org } = context
  const head = await requireTemplate(context, id)
  const { record, content } = await readVersion(head, version)
  const fields = { ...fieldsOf(head, content), subject: record.subject, editorType: record.editorType }
  const built = {
    html: content.html,
    textPart: content.textPart,
    variables: content.variables,
    lint: content.lint,
  }
  return commitVersion({
    actor,
    org,
    previous: head,
    fields,
    built,
    action: 'restore',
    restoredFrom: version,
    now,
  })
}
