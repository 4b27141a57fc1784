import {
  type CopyTemplateBody,
  type CreateTemplateBodySchema,
  type Principal,
  referencedBlockIds,
  type Template,
  type TemplateEditorType,
  type TemplateVersionSummary,
  type UpdateTemplateBodySchema,
  visualDocumentSource,
} from '@app/contracts'
import { ulid } from 'ulid'
import type * as z from 'zod'
import { type Actor, principalOf } from '../actor'
import { AppError } from '../errors'
import { newEvent, outboxPut } from '../events/outbox'
import type { OrganizationContext, OrganizationRecord } from '../organizations/public'
import { WriteRefused, writeWithTemplateActions } from '../organizations/public'
import * as BlocksRepo from './blocks.repo'
import { type BuiltTemplate, buildTemplate, invalidTemplate, type TemplateFields } from './build'
import type { TemplateContent } from './content'
import { loadEmail } from './email'
import * as VersionsRepo from './template-versions.repo'
import * as Repo from './templates.repo'

export const templateNotFound = () => new AppError('template.not_found', 'No such template.')

const nameTaken = (name: string) =>
  new AppError('template.name_exists', `A template named '${name}' already exists in this organization.`)

export const versionConflict = (currentVersion: number) =>
  new AppError(
    'version.conflict',
    `This template was saved by someone else meanwhile (it is at version ${currentVersion} now). Reload it, or copy your changes over the current version.`,
    { currentVersion },
  )

/**
 * The organization owning a template (its owner pointer), for the middleware to resolve the organization of
 * calls naming only the template.
 */
export async function organizationOfTemplate(id: string): Promise<string | undefined> {
  return (await Repo.organizationOf(id)) ?? undefined
}

/** The context organization's template; unknown and deleted ids get the same 404. */
export async function requireTemplate(context: OrganizationContext, id: string): Promise<Repo.TemplateHead> {
  const head = await Repo.getHead(context.organizationId, id)
  if (!head) throw templateNotFound()
  return head
}

export async function readContent(head: Repo.TemplateHead): Promise<TemplateContent> {
  const content = await VersionsRepo.getContent(head.orgId, head.id, head.version)
  if (!content) throw new Error(`Template ${head.id} has no content for version ${head.version}`)
  return content
}

export function toTemplate(head: Repo.TemplateHead, content: TemplateContent): Template {
  return {
    id: head.id,
    organizationId: head.orgId,
    name: head.name,
    subject: head.subject,
    editorType: head.editorType,
    source: content.source,
    text: content.text,
    textPart: content.textPart,
    tags: head.tags,
    sampleData: content.sampleData,
    variables: content.variables,
    lint: content.lint,
    html: content.html,
    version: head.version,
    createdAt: head.createdAt,
    updatedAt: head.updatedAt,
    updatedBy: head.updatedBy,
  }
}

const utf8Bytes = (value: string) => Buffer.byteLength(value, 'utf8')

export function fieldsOf(head: Repo.TemplateHead, content: TemplateContent): TemplateFields {
  return {
    name: head.name,
    subject: head.subject,
    editorType: head.editorType,
    source: content.source,
    text: content.text,
    tags: head.tags,
    sampleData: content.sampleData,
  }
}

export interface CommitInput {
  actor: Actor
  org: OrganizationRecord
  /** The head being replaced; null when the template is new. */
  previous: Repo.TemplateHead | null
  /** A new template's id (defaults to a fresh ULID). */
  id?: string
  fields: TemplateFields
  built: BuiltTemplate
  action: TemplateVersionSummary['action']
  restoredFrom?: number
  /** Shown with the version in the history (where its content came from). */
  note?: string
  now: Date
}

/** The where-used items of a template change: uses added (each checking its block) and uses dropped. */
function blockUseChanges(orgId: string, id: string, before: string[], after: string[]) {
  const added = after.filter((blockId) => !before.includes(blockId))
  const dropped = before.filter((blockId) => !after.includes(blockId))
  return {
    added,
    items: [
      ...added.flatMap((blockId) => BlocksRepo.addUse(orgId, blockId, id)),
      ...dropped.map((blockId) => BlocksRepo.removeUse(orgId, blockId, id)),
    ],
  }
}

/**
 * A template's head and name items, and its where-used items: what deleting it removes, with its
 * `template.deleted` event.
 */
export const templateDeletion = (head: Repo.TemplateHead, actor: Principal) => [
  Repo.deleteHead(head),
  Repo.releaseName(head.orgId, head.name, head.id),
  ...(head.blockIds ?? []).map((blockId) => BlocksRepo.removeUse(head.orgId, blockId, head.id)),
  outboxPut(newEvent('template.deleted', head.orgId, { templateId: head.id, name: head.name }, actor)),
]

/** The event of a written version: `template.restored` for a restore, `template.saved` otherwise. */
function versionEvent(input: CommitInput, head: Repo.TemplateHead) {
  const actor = principalOf(input.actor)
  const { id: templateId, name, version } = head
  if (input.action === 'restore')
    return newEvent(
      'template.restored',
      head.orgId,
      { templateId, name, version, restoredFrom: input.restoredFrom ?? version - 1 },
      actor,
      input.now,
    )
  return newEvent(
    'template.saved',
    head.orgId,
    { templateId, name, version, action: input.action },
    actor,
    input.now,
  )
}

/**
 * Writes a new version in one transaction: the head (conditioned on the version the change started from, or on
 * not existing), the name item when the name is new, the owner pointer of a new template, the version with its
 * content, the where-used items of the blocks it starts or stops using (a block deleted meanwhile refuses the
 * write), and one START action. Any failed condition changes nothing and spends nothing.
 */
export async function commitVersion(input: CommitInput): Promise<Template> {
  const { previous, fields, built, actor, org } = input
  const id = previous?.id ?? input.id ?? ulid()
  const at = input.now.toISOString()
  const author = principalOf(actor)
  const head: Repo.TemplateHead = {
    id,
    orgId: org.id,
    name: fields.name,
    subject: fields.subject,
    editorType: fields.editorType,
    tags: fields.tags,
    textMode: fields.text.mode,
    version: (previous?.version ?? 0) + 1,
    warnings: built.lint.filter((finding) => finding.severity === 'warning').length,
    sizeBytes: utf8Bytes(fields.subject) + utf8Bytes(built.html) + utf8Bytes(built.textPart),
    createdAt: previous?.createdAt ?? at,
    updatedAt: at,
    updatedBy: author,
    blockIds: referencedBlockIds(fields.editorType, fields.source),
  }
  const content: TemplateContent = {
    source: fields.source,
    text: fields.text,
    textPart: built.textPart,
    html: built.html,
    sampleData: fields.sampleData,
    variables: built.variables,
    lint: built.lint,
  }
  const renamed = !previous || previous.name !== fields.name
  const items = [Repo.putHead(head, previous ? previous.version : null)]
  if (renamed) items.push(Repo.claimName(org.id, fields.name, id))
  if (renamed && previous) items.push(Repo.releaseName(org.id, previous.name, id))
  if (!previous) items.push(Repo.putOwner(org.id, id))
  const uses = blockUseChanges(org.id, id, previous?.blockIds ?? [], head.blockIds ?? [])
  items.push(...uses.items)
  items.push(
    ...VersionsRepo.putVersion(
      org.id,
      {
        templateId: id,
        version: head.version,
        action: input.action,
        restoredFrom: input.restoredFrom ?? null,
        ...(input.note ? { note: input.note } : {}),
        name: head.name,
        subject: head.subject,
        editorType: head.editorType,
        tags: head.tags,
        savedAt: at,
        savedBy: author,
      },
      content,
    ),
  )
  items.push(outboxPut(versionEvent(input, head)))
  try {
    await writeWithTemplateActions(org.id, 1, items, { now: input.now, org })
  } catch (error) {
    if (!(error instanceof WriteRefused)) throw error
    if (renamed && error.failed('template.name')) throw nameTaken(fields.name)
    const gone = uses.added.filter((blockId) => error.failed(BlocksRepo.blockAvailableName(blockId)))
    if (gone.length) {
      throw invalidTemplate(
        gone.map((blockId) => ({
          message: `The reusable block ${blockId} does not exist or was deleted.`,
          rule: fields.editorType === 'VISUAL' ? 'visual.invalid' : 'block.include',
          part: 'html',
        })),
      )
    }
    if (!previous) throw error
    const current = await Repo.getHead(org.id, id)
    if (!current) throw templateNotFound()
    throw versionConflict(current.version)
  }
  return toTemplate(head, content)
}

/**
 * A starter's fields in the editor asked for: its document for VISUAL, its compiled HTML for HTML, its MJML
 * otherwise.
 */
async function starterFields(starterId: string, editorType: TemplateEditorType | undefined) {
  const { STARTERS, compileTemplate } = await loadEmail()
  const starter = STARTERS.find((candidate) => candidate.id === starterId)
  if (!starter) throw new AppError('request.invalid', `body.starter: no starter '${starterId}'.`)
  const source =
    editorType === 'VISUAL'
      ? visualDocumentSource(starter.visual)
      : editorType === 'HTML'
        ? (await compileTemplate({ editorType: 'MJML', source: starter.mjml })).html
        : starter.mjml
  return {
    subject: starter.subject,
    editorType: editorType ?? starter.editorType,
    source,
    text:
      starter.textStrategy.kind === 'custom'
        ? { mode: 'custom' as const, custom: starter.textStrategy.text }
        : { mode: 'generated' as const, custom: null },
    sampleData: [{ name: 'Default', data: starter.sampleData }],
  }
}

/** Creates a template from a starter or from fields (1 START action). */
export async function createTemplate(
  { actor, organization: org }: OrganizationContext,
  body: z.output<typeof CreateTemplateBodySchema>,
  now = new Date(),
): Promise<Template> {
  const base = body.starter ? await starterFields(body.starter, body.editorType) : undefined
  const fields: TemplateFields = {
    name: body.name,
    subject: body.subject ?? base?.subject ?? '',
    editorType: body.editorType ?? base?.editorType ?? 'HTML',
    source: body.source ?? base?.source ?? '',
    text: body.text ?? base?.text ?? { mode: 'generated', custom: null },
    tags: body.tags ?? [],
    sampleData: body.sampleData ?? base?.sampleData ?? [],
  }
  const built = await buildTemplate(fields, org.id)
  return commitVersion({
    actor,
    org,
    previous: null,
    fields: { ...fields, source: built.source },
    built,
    action: 'create',
    now,
  })
}

export async function getTemplate(context: OrganizationContext, id: string): Promise<Template> {
  const head = await requireTemplate(context, id)
  return toTemplate(head, await readContent(head))
}

/** Saves changes as a new version, if `version` is still the current one (1 START action). */
export async function updateTemplate(
  context: OrganizationContext,
  id: string,
  body: z.output<typeof UpdateTemplateBodySchema>,
  now = new Date(),
): Promise<Template> {
  const { actor, organization: org } = context
  const head = await requireTemplate(context, id)
  if (head.version !== body.version) throw versionConflict(head.version)
  const current = fieldsOf(head, await readContent(head))
  const fields: TemplateFields = {
    name: body.name ?? current.name,
    subject: body.subject ?? current.subject,
    editorType: body.editorType ?? current.editorType,
    source: body.source ?? current.source,
    text: body.text ?? current.text,
    tags: body.tags ?? current.tags,
    sampleData: body.sampleData ?? current.sampleData,
  }
  const built = await buildTemplate(fields, org.id)
  return commitVersion({
    actor,
    org,
    previous: head,
    fields: { ...fields, source: built.source },
    built,
    action: 'save',
    now,
  })
}

/** Copies the current version under a new name; the copy starts its own history at version 1 (1 START action). */
export async function copyTemplate(
  context: OrganizationContext,
  id: string,
  body: CopyTemplateBody,
  now = new Date(),
): Promise<Template> {
  const { actor, organization: org } = context
  const head = await requireTemplate(context, id)
  const content = await readContent(head)
  const fields = { ...fieldsOf(head, content), name: body.newName }
  const built = {
    html: content.html,
    textPart: content.textPart,
    variables: content.variables,
    lint: content.lint,
  }
  return commitVersion({ actor, org, previous: null, fields, built, action: 'copy', now })
}
