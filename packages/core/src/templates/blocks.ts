import {
  type Block,
  type BlockList,
  type BlockListQuerySchema,
  type BlockUsage,
  blockFragmentSource,
  type CopyBlockBody,
  type CreateBlockBody,
  includedBlockIds,
  parseBlockFragment,
  type TemplateEditorType,
  UlidSchema,
  type UpdateBlockBody,
  type UpdateBlockResult,
} from '@app/contracts'
import { ulid } from 'ulid'
import * as z from 'zod'
import { type Actor, principalOf } from '../actor'
import { cursorPosition, encodeCursor } from '../db/cursor'
import { AppError } from '../errors'
import { startJob } from '../jobs/public'
import { ensureOrganizationMigrated } from '../migrations/public'
import type { OrganizationContext } from '../organizations/public'
import { WriteRefused, writeWithTemplateActions } from '../organizations/public'
import * as Repo from './blocks.repo'
import { loadEmail } from './email'
import * as TemplatesRepo from './templates.repo'

const blockNotFound = () => new AppError('block.not_found', 'No such block.')
const nameTaken = (name: string) =>
  new AppError('block.name_exists', `A block named '${name}' already exists in this organization.`)
const invalidBlock = (message: string) => new AppError('block.invalid', message)
const versionConflict = (currentVersion: number) =>
  new AppError(
    'version.conflict',
    `This block was saved by someone else meanwhile (it is at version ${currentVersion} now). Reload it, or copy your changes over the current version.`,
    { currentVersion },
  )

/** Only the organization's own blocks: another organization's block id is not found (keys start with ORG#). */
async function requireBlock(orgId: string, id: string) {
  const block = await Repo.getBlock(orgId, id)
  if (!block || block.deleting) throw blockNotFound()
  return block
}

/**
 * A block's source as stored, or 400 `block.invalid`: VISUAL a fragment document (canonical JSON), MJML markup
 * for inside `<mj-body>` that MJML can render, HTML a fragment; none includes another block, and each is
 * Handlebars SES can run.
 */
async function checkSource(editorType: TemplateEditorType, source: string): Promise<string> {
  const { compileTemplate, validateHandlebars } = await loadEmail()
  let stored = source
  if (editorType === 'VISUAL') {
    const parsed = parseBlockFragment(source)
    if (!parsed.ok) throw invalidBlock(parsed.message)
    stored = blockFragmentSource(parsed.fragment)
  } else {
    if (includedBlockIds(source).length) {
      throw invalidBlock('A block cannot include another block (remove its <!-- block:… --> tag).')
    }
    if (!source.trim()) throw invalidBlock('A block has some content.')
    if (editorType === 'MJML') {
      if (/<\/?(mjml|mj-body|mj-head)\b/i.test(source)) {
        throw invalidBlock(
          'An MJML block is what goes inside <mj-body> (sections), without <mjml> or <mj-body>.',
        )
      }
      const compiled = await compileTemplate({
        editorType: 'MJML',
        source: `<mjml><mj-body>${source}</mj-body></mjml>`,
      })
      if (!compiled.html.trim()) {
        throw invalidBlock(`MJML cannot render this block: ${compiled.errors[0]?.message ?? 'no output'}.`)
      }
    }
  }
  const broken = validateHandlebars(stored)[0]
  if (broken) throw invalidBlock(`${broken.message} (line ${broken.line}, column ${broken.column}).`)
  return stored
}

async function usedBy(orgId: string, blockId: string): Promise<BlockUsage[]> {
  const ids = await Repo.listUses(orgId, blockId)
  const heads = ids.length ? await TemplatesRepo.getHeads(orgId, ids) : new Map()
  return [...heads.values()]
    .map((head) => ({ templateId: head.id, name: head.name }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

function toBlock(block: Repo.BlockRecord, uses: BlockUsage[]): Block {
  return {
    id: block.id,
    organizationId: block.orgId,
    name: block.name,
    editorType: block.editorType,
    source: block.source,
    version: block.version,
    createdAt: block.createdAt,
    updatedAt: block.updatedAt,
    updatedBy: block.updatedBy,
    usedBy: uses,
  }
}

/** Writes the block (and its name item when new or renamed); blocks cost no template action. */
async function writeBlock(block: Repo.BlockRecord, previous: Repo.BlockRecord | null) {
  const renamed = !previous || previous.name !== block.name
  const items = [Repo.putBlock(block, previous ? previous.version : null)]
  if (renamed) items.push(Repo.claimName(block.orgId, block.name, block.id))
  if (renamed && previous) items.push(Repo.releaseName(block.orgId, previous.name, block.id))
  try {
    await writeWithTemplateActions(block.orgId, 0, items)
  } catch (error) {
    if (!(error instanceof WriteRefused)) throw error
    if (renamed && error.failed('block.name')) throw nameTaken(block.name)
    const current = previous && (await Repo.getBlock(block.orgId, block.id))
    if (!current || current.deleting) throw blockNotFound()
    throw versionConflict(current.version)
  }
}

function newBlock(actor: Actor, orgId: string, fields: Pick<Block, 'name' | 'editorType' | 'source'>) {
  const at = new Date().toISOString()
  return {
    id: ulid(),
    orgId,
    ...fields,
    version: 1,
    createdAt: at,
    updatedAt: at,
    updatedBy: principalOf(actor),
  }
}

export async function createBlock(
  { actor, organizationId: orgId }: OrganizationContext,
  body: CreateBlockBody,
): Promise<Block> {
  const source = await checkSource(body.editorType, body.source)
  const block = newBlock(actor, orgId, { name: body.name, editorType: body.editorType, source })
  await writeBlock(block, null)
  return toBlock(block, [])
}

export async function getBlock({ organizationId: orgId }: OrganizationContext, id: string): Promise<Block> {
  const block = await requireBlock(orgId, id)
  return toBlock(block, await usedBy(orgId, id))
}

const BlockPositionSchema = z.object({ key: z.string().min(1).max(2000), id: UlidSchema }).strict()

/** The organization's blocks by name (case-insensitive), without their source, with how many templates use each. */
export async function listBlocks(
  { organizationId }: OrganizationContext,
  query: z.output<typeof BlockListQuerySchema>,
): Promise<BlockList> {
  const cursorQuery = {
    list: 'blocks',
    scope: organizationId,
    filters: { editorType: query.editorType },
  }
  const after = cursorPosition(cursorQuery, query.cursor, BlockPositionSchema)
  await ensureOrganizationMigrated(organizationId)
  const { blocks, more } = await Repo.pageBlocks({
    orgId: organizationId,
    editorType: query.editorType,
    limit: query.limit,
    after,
  })
  const counts = await Repo.countUses(
    organizationId,
    blocks.map((block) => block.id),
  )
  const last = blocks.at(-1)
  return {
    items: blocks.map(({ source: _source, deleting: _deleting, orgId, ...block }) => ({
      ...block,
      organizationId: orgId,
      usedByCount: counts.get(block.id) ?? 0,
    })),
    nextCursor: more && last ? encodeCursor(cursorQuery, Repo.blockPosition(last)) : null,
  }
}

/**
 * Saves a block if `version` is still the current one. A changed source recompiles every template using it, as a
 * new version each, in a `blocks.propagate` job (re-publishing the published ones with `syncTemplatesWithSes`).
 */
export async function updateBlock(
  { actor, organizationId: orgId }: OrganizationContext,
  id: string,
  query: { syncTemplatesWithSes?: boolean },
  body: UpdateBlockBody,
): Promise<UpdateBlockResult> {
  const previous = await requireBlock(orgId, id)
  if (previous.version !== body.version) throw versionConflict(previous.version)
  const source =
    body.source === undefined ? previous.source : await checkSource(previous.editorType, body.source)
  const { deleting: _deleting, ...kept } = previous
  const block: Repo.BlockRecord = {
    ...kept,
    name: body.name ?? previous.name,
    source,
    version: previous.version + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: principalOf(actor),
  }
  await writeBlock(block, previous)
  const uses = await usedBy(orgId, id)
  const job =
    source !== previous.source && uses.length
      ? await startJob({
          actor,
          orgId,
          kind: 'blocks.propagate',
          awsAccountId: null,
          items: uses.map((use) => ({ key: use.templateId, label: use.name })),
          params: {
            blockId: id,
            blockVersion: String(block.version),
            syncTemplatesWithSes: query.syncTemplatesWithSes === true,
          },
        })
      : null
  return { block: toBlock(block, uses), job }
}

/**
 * Deletes a block no template uses; otherwise 409 `block.in_use` with the templates. The block is marked first,
 * so no template can start using it while the uses are read.
 */
export async function deleteBlock({ organizationId: orgId }: OrganizationContext, id: string): Promise<void> {
  const block = await requireBlock(orgId, id)
  if (!(await Repo.markDeleting(orgId, id, true))) throw blockNotFound()
  const uses = await usedBy(orgId, id)
  if (uses.length) {
    await Repo.markDeleting(orgId, id, false)
    const names = uses.map((use) => `'${use.name}'`).join(', ')
    throw new AppError(
      'block.in_use',
      `This block is used by ${uses.length === 1 ? 'a template' : `${uses.length} templates`} (${names}); remove it from them first.`,
      { templates: uses.map((use) => ({ id: use.templateId, name: use.name })) },
    )
  }
  await writeWithTemplateActions(orgId, 0, [Repo.deleteBlock(block), Repo.releaseName(orgId, block.name, id)])
}

/** Copies a block under a new name: same editor type and source, version 1, used by nothing. */
export async function copyBlock(
  { actor, organizationId: orgId }: OrganizationContext,
  id: string,
  body: CopyBlockBody,
): Promise<Block> {
  const original = await requireBlock(orgId, id)
  const block = newBlock(actor, orgId, {
    name: body.newName,
    editorType: original.editorType,
    source: original.source,
  })
  await writeBlock(block, null)
  return toBlock(block, [])
}
