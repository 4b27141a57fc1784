import * as z from 'zod'
import { UlidSchema } from '../ids'
import { JobSchema } from '../jobs/schemas'
import { PageSchema, pageQuery } from '../page'
import { PrincipalSchema } from '../principal'
import { type TemplateEditorType, TemplateEditorTypeSchema } from '../templates/schemas'
import {
  parseVisualDocument,
  VISUAL_DOCUMENT_VERSION,
  type VisualBlock,
  VisualBlockSchema,
} from '../templates/visual-document'
import { nonBlankPattern, utf8Limit, wellFormedText } from '../text'

/**
 * Reusable blocks (spec §2, §3, §7; TEAM and TEAM PLUS): a named fragment edited with the editor of its
 * `editorType` and composed into templates of the same type when they compile.
 * - VISUAL: a fragment document `{ version: 1, blocks }` (`BlockFragmentSchema`), placed where a template's
 *   `blockRef` block stands.
 * - MJML: markup for a place inside `<mj-body>`: one or more `<mj-section>`s (or `<mj-wrapper>`s), replacing the
 *   template's include tag.
 * - HTML: an HTML fragment, replacing the template's include tag.
 * MJML and HTML templates include a block with `<!-- block:<blockId> -->` (`blockIncludeTag`). Blocks do not
 * nest: a block holds no include tag and no `blockRef`.
 */

/** Letters, digits, spaces, `_` and `-`, at most 64; unique in the organization (case-sensitive). */
export const BLOCK_NAME_PATTERN = /^[A-Za-z0-9 _-]{1,64}$/
export const BlockNameSchema = z
  .string()
  .trim()
  .regex(BLOCK_NAME_PATTERN, { message: 'A block name is 1–64 letters, digits, spaces, _ or -.' })
  .regex(nonBlankPattern(1), { message: 'A block name is 1–64 letters, digits, spaces, _ or -.' })

/** The include tag of MJML and HTML templates; whitespace inside the comment is free. */
export const BLOCK_INCLUDE_PATTERN = /<!--\s*block:\s*([0-9A-Za-z]+)\s*-->/g
export const blockIncludeTag = (blockId: string) => `<!-- block:${blockId} -->`

/** The block ids an MJML or HTML source includes, in order, each once. */
export function includedBlockIds(source: string): string[] {
  return [...new Set([...source.matchAll(BLOCK_INCLUDE_PATTERN)].map((match) => match[1] as string))]
}

/** The reusable blocks a template's source references: VISUAL `blockRef`s, MJML/HTML include tags; each once. */
export function referencedBlockIds(editorType: TemplateEditorType, source: string): string[] {
  if (editorType !== 'VISUAL') return includedBlockIds(source)
  const parsed = parseVisualDocument(source)
  if (!parsed.ok) return []
  const ids = parsed.document.blocks.flatMap((block) => (block.type === 'blockRef' ? [block.blockId] : []))
  return [...new Set(ids)]
}

/** A block is stored as one item (DynamoDB holds at most 400 KB): its source is at most 256 KB. */
export const BLOCK_MAX_BYTES = 256 * 1024
export const BlockSourceSchema = wellFormedText(z.string(), 'The source')
  .refine((value) => new TextEncoder().encode(value).length <= BLOCK_MAX_BYTES, {
    message: 'A block is at most 256 KB.',
  })
  .meta(utf8Limit(BLOCK_MAX_BYTES))

/** Most blocks in a fragment, counting those inside columns. */
export const BLOCK_FRAGMENT_MAX_BLOCKS = 100

/** A VISUAL block's source: the blocks it places, without reusable block references (no nesting). */
export const BlockFragmentSchema = z
  .object({
    version: z.literal(VISUAL_DOCUMENT_VERSION),
    blocks: z.array(VisualBlockSchema).min(1, { message: 'A block holds at least one block.' }),
  })
  .strict()
  .superRefine((fragment, context) => {
    const ids: string[] = []
    fragment.blocks.forEach((block, index) => {
      if (block.type === 'blockRef') {
        context.addIssue({
          code: 'custom',
          path: ['blocks', index],
          message: 'A reusable block cannot hold another reusable block.',
        })
      }
      ids.push(block.id)
      if (block.type === 'columns') {
        for (const column of block.columns) ids.push(column.id, ...column.blocks.map((inner) => inner.id))
      }
    })
    if (ids.length > BLOCK_FRAGMENT_MAX_BLOCKS) {
      context.addIssue({
        code: 'custom',
        path: ['blocks'],
        message: `A block holds at most ${BLOCK_FRAGMENT_MAX_BLOCKS} blocks.`,
      })
    }
    if (new Set(ids).size !== ids.length) {
      context.addIssue({ code: 'custom', path: ['blocks'], message: 'Block ids are unique in a block.' })
    }
  })
export type BlockFragment = { version: 1; blocks: VisualBlock[] }

/** The stored form of a VISUAL block's source: two-space JSON in schema key order. */
export function blockFragmentSource(fragment: BlockFragment): string {
  return `${JSON.stringify(BlockFragmentSchema.parse(fragment), null, 2)}\n`
}

export type BlockFragmentParse = { ok: true; fragment: BlockFragment } | { ok: false; message: string }

export function parseBlockFragment(source: string): BlockFragmentParse {
  let value: unknown
  try {
    value = JSON.parse(source)
  } catch (error) {
    return { ok: false, message: `The block is not JSON: ${(error as Error).message}` }
  }
  const parsed = BlockFragmentSchema.safeParse(value)
  if (parsed.success) return { ok: true, fragment: parsed.data as BlockFragment }
  const issue = parsed.error.issues[0]
  const path = issue?.path.map(String).join('.')
  return { ok: false, message: `${path ? `${path}: ` : ''}${issue?.message ?? 'Not a block fragment.'}` }
}

export const BlockUsageSchema = z.object({ templateId: UlidSchema, name: z.string() })
export type BlockUsage = z.infer<typeof BlockUsageSchema>

export const BlockSchema = z.object({
  id: UlidSchema,
  organizationId: UlidSchema,
  name: z.string(),
  editorType: TemplateEditorTypeSchema,
  source: z.string(),
  /** Starts at 1; every save adds one (no history is kept: only the current source). */
  version: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  updatedBy: PrincipalSchema,
  /** 'Where used': the templates whose current version includes the block, by name. */
  usedBy: z.array(BlockUsageSchema),
})
export type Block = z.infer<typeof BlockSchema>

/** A list row: no source. */
export const BlockSummarySchema = BlockSchema.omit({ source: true, usedBy: true }).extend({
  /** How many templates use it. */
  usedByCount: z.number().int(),
})
export type BlockSummary = z.infer<typeof BlockSummarySchema>

/** By name (case-insensitive). */
export const BlockListSchema = PageSchema(BlockSummarySchema)
export type BlockList = z.infer<typeof BlockListSchema>

export const BlockIdParamsSchema = z.object({ id: UlidSchema }).strict()

export const BlockListQuerySchema = z
  .object({
    organizationId: UlidSchema,
    editorType: TemplateEditorTypeSchema.optional(),
    ...pageQuery({ default: 100, max: 100 }),
  })
  .strict()
export type BlockListQuery = z.input<typeof BlockListQuerySchema>

export const BlockQuerySchema = z.object({ organizationId: UlidSchema }).strict()

export const UpdateBlockQuerySchema = z
  .object({
    organizationId: UlidSchema,
    /** Also re-publish the dependent templates already published to SES (each AWS account they are on). */
    syncTemplatesWithSes: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .strict()

export const CreateBlockBodySchema = z
  .object({ name: BlockNameSchema, editorType: TemplateEditorTypeSchema, source: BlockSourceSchema })
  .strict()
export type CreateBlockBody = z.input<typeof CreateBlockBodySchema>

/** `version` is the version the editor started from (409 `version.conflict` with `currentVersion` if stale). */
export const UpdateBlockBodySchema = z
  .object({
    version: z.number().int().min(1),
    name: BlockNameSchema.optional(),
    source: BlockSourceSchema.optional(),
  })
  .strict()
  .refine((body) => body.name !== undefined || body.source !== undefined, {
    message: 'Send a name or a source to change.',
  })
  // `version` and a name or a source.
  .meta({ minProperties: 2 })
export type UpdateBlockBody = z.input<typeof UpdateBlockBodySchema>

export const CopyBlockBodySchema = z.object({ newName: BlockNameSchema }).strict()
export type CopyBlockBody = z.input<typeof CopyBlockBodySchema>

/** PATCH's answer: the block and, when templates use it and its source changed, the propagation job. */
export const UpdateBlockResultSchema = z.object({ block: BlockSchema, job: JobSchema.nullable() })
export type UpdateBlockResult = z.infer<typeof UpdateBlockResultSchema>
