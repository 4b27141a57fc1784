import * as z from 'zod'
import { UlidSchema } from '../ids'
import { PageSchema, pageQuery } from '../page'
import { PrincipalSchema } from '../principal'
import {
  nonBlank,
  nonBlankPattern,
  safeName,
  singleLine,
  uniqueItems,
  utf8Limit,
  wellFormedText,
} from '../text'

/**
 * Email templates (spec §3, §7 Templates and Tags). A template is what an author edits (`source` in one of the
 * editors) plus what SES will store (`subject`, the compiled `html`, the effective `textPart`). Every save keeps a
 * numbered version; PATCH names the version it edits, so a stale editor gets 409 instead of overwriting.
 */

/** SES template names: letters, digits, `_` and `-`, at most 64 (case-sensitive, as SES compares them). */
export const TEMPLATE_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
export const TemplateNameSchema = z.string().regex(TEMPLATE_NAME_PATTERN, {
  message: 'A template name is 1–64 letters, digits, _ or - (no spaces), as SES requires.',
})

/** `VISUAL`: the block editor, whose source is a `VisualDocument` (`visual-document.ts`) compiled through MJML. */
export const TEMPLATE_EDITOR_TYPES = ['HTML', 'MJML', 'VISUAL'] as const
export const TemplateEditorTypeSchema = z.enum(TEMPLATE_EDITOR_TYPES)
export type TemplateEditorType = z.infer<typeof TemplateEditorTypeSchema>

/** SES: "Each template can be up to 500 KB in size" (UTF-8 bytes). */
export const TEMPLATE_MAX_BYTES = 500 * 1024
export const TEMPLATE_SUBJECT_MAX = 998
export const TEMPLATE_MAX_TAGS = 20
export const TEMPLATE_TAG_MAX = 40
export const TEMPLATE_MAX_SAMPLE_SETS = 20
export const TEMPLATE_SAMPLE_DATA_MAX_BYTES = 256 * 1024
/** Largest create/update request: a 500 KB source, a 500 KB text part and 256 KB of sample data, JSON-escaped. */
export const TEMPLATE_MAX_BODY_BYTES = 3 * 1024 * 1024
/** Bulk delete takes at most this many ids. */
export const TEMPLATE_BULK_DELETE_MAX = 100

const utf8Bytes = (value: string) => new TextEncoder().encode(value).length

/** The starters one can create a template from (`@app/email` STARTERS; a core test keeps the two lists equal). */
export const TEMPLATE_STARTER_IDS = [
  'welcome',
  'verify-email',
  'password-reset',
  'receipt',
  'newsletter',
  'announcement',
] as const
export const TemplateStarterIdSchema = z.enum(TEMPLATE_STARTER_IDS)

export const TemplateSubjectSchema = singleLine(
  z
    .string()
    .max(TEMPLATE_SUBJECT_MAX, { message: `A subject is at most ${TEMPLATE_SUBJECT_MAX} characters.` }),
  'A subject',
)

/** What the author edits: HTML, MJML or the visual editor's document (`visualDocumentSource`). */
export const TemplateSourceSchema = wellFormedText(z.string(), 'The source')
  .refine((value) => utf8Bytes(value) <= TEMPLATE_MAX_BYTES, {
    message: 'The source is over 500 KB, the most SES accepts for a whole template.',
  })
  .meta(utf8Limit(TEMPLATE_MAX_BYTES))

/** A tag: trimmed, lower-cased, 1–40 characters. */
export const TemplateTagSchema = safeName(
  z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: 'A tag is not empty.' })
    .max(TEMPLATE_TAG_MAX, { message: `A tag is at most ${TEMPLATE_TAG_MAX} characters.` })
    .regex(nonBlankPattern(1), { message: 'A tag is not empty.' }),
  'A tag',
)

/** Tags of one template; duplicates (after lower-casing) collapse. */
export const TemplateTagsSchema = z
  .array(TemplateTagSchema)
  .max(TEMPLATE_MAX_TAGS, { message: `A template has at most ${TEMPLATE_MAX_TAGS} tags.` })
  .transform((tags) => [...new Set(tags)])

export const TEXT_MODES = ['generated', 'custom'] as const
/** The text part: `generated` from the compiled HTML (kept in step with every save) or `custom` as written. */
export const TemplateTextSchema = z.object({
  mode: z.enum(TEXT_MODES),
  /** The written text part (may use `{{variables}}`); null when generated. */
  custom: z.string().nullable(),
})
export type TemplateText = z.infer<typeof TemplateTextSchema>

export const TemplateTextInputSchema = z
  .object({
    mode: z.enum(TEXT_MODES),
    custom: wellFormedText(z.string(), 'The text part')
      .refine((value) => utf8Bytes(value) <= TEMPLATE_MAX_BYTES, { message: 'The text part is over 500 KB.' })
      .meta(utf8Limit(TEMPLATE_MAX_BYTES))
      .nullable()
      .optional(),
  })
  .strict()
  .refine((text) => text.mode === 'generated' || (text.custom ?? '').trim().length > 0, {
    message: 'A custom text part needs its text (or choose generated).',
  })
  // The same rule: `custom` mode sends a text that is not only spaces.
  .meta({
    anyOf: [
      { properties: { mode: { const: 'generated' } } },
      {
        properties: { mode: { const: 'custom' }, custom: { type: 'string', pattern: '\\S' } },
        required: ['custom'],
      },
    ],
  })
  .transform((text) => ({ mode: text.mode, custom: text.mode === 'custom' ? (text.custom ?? '') : null }))

/** A named set of values for the template's `{{variables}}` (preview, lint, test sends). */
export const SampleDataSetSchema = z
  .object({
    name: safeName(
      nonBlank(
        z.string().trim().min(1, { message: 'Name the sample data set.' }).max(60),
        'Name the sample data set.',
      ),
      'A set name',
    ),
    data: z.record(z.string(), z.unknown()),
  })
  .strict()
export type SampleDataSet = z.infer<typeof SampleDataSetSchema>

/** The first set is the default: lint and the preview use it. */
export const SampleDataSetsSchema = z
  .array(SampleDataSetSchema)
  .max(TEMPLATE_MAX_SAMPLE_SETS, { message: `At most ${TEMPLATE_MAX_SAMPLE_SETS} sample data sets.` })
  .refine((sets) => new Set(sets.map((set) => set.name)).size === sets.length, {
    message: 'Sample data set names are unique.',
  })
  .refine((sets) => utf8Bytes(JSON.stringify(sets)) <= TEMPLATE_SAMPLE_DATA_MAX_BYTES, {
    message: 'Sample data is at most 256 KB of JSON in all.',
  })
  .meta({
    uniqueItems: true,
    description: `Each set's name once (after trimming); at most ${TEMPLATE_SAMPLE_DATA_MAX_BYTES / 1024} KB as UTF-8 JSON in all.`,
  })

export const TEMPLATE_PARTS = ['subject', 'html', 'text'] as const
export const TemplatePartSchema = z.enum(TEMPLATE_PARTS)

/** A `{{variable}}` the template reads, from the data root (`items[].name` for each element of a list). */
export const TemplateVariableSchema = z.object({
  path: z.string(),
  /** False when the template only tests it (`{{#if}}`), so SES does not need it. */
  required: z.boolean(),
  part: TemplatePartSchema,
  line: z.number().int(),
  column: z.number().int(),
})
export type TemplateVariable = z.infer<typeof TemplateVariableSchema>

/** A finding of the pre-publish linter (`@app/email` LINT_RULES); errors would make SES refuse or fail. */
export const LintFindingSchema = z.object({
  rule: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  part: TemplatePartSchema.optional(),
  line: z.number().int().optional(),
  column: z.number().int().optional(),
  /** VISUAL: where in the document (`visual.invalid`) and the block the finding is in. */
  path: z.string().optional(),
  blockId: z.string().optional(),
})
export type TemplateLintFinding = z.infer<typeof LintFindingSchema>

export const TemplateSchema = z.object({
  id: UlidSchema,
  organizationId: UlidSchema,
  name: z.string(),
  subject: z.string(),
  editorType: TemplateEditorTypeSchema,
  source: z.string(),
  text: TemplateTextSchema,
  /** The text part SES stores: the custom text, or the one generated from `html`. */
  textPart: z.string(),
  tags: z.array(z.string()),
  sampleData: z.array(SampleDataSetSchema),
  variables: z.array(TemplateVariableSchema),
  /**
   * The linter's findings for this version. What SES would refuse (Handlebars errors, over 500 KB) is never saved
   * (400 `template.invalid` with `issues`); MJML validation errors stay here and block publishing, not saving.
   */
  lint: z.array(LintFindingSchema),
  /** The compiled HTML SES will store (the source itself for HTML templates). */
  html: z.string(),
  /** Starts at 1; every save and restore adds one. */
  version: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Who saved the current version: a user, an API key or the platform. */
  updatedBy: PrincipalSchema,
})
export type Template = z.infer<typeof TemplateSchema>

/** A list row: no source, HTML or text, to keep lists light. */
export const TemplateSummarySchema = TemplateSchema.pick({
  id: true,
  organizationId: true,
  name: true,
  subject: true,
  editorType: true,
  tags: true,
  version: true,
  createdAt: true,
  updatedAt: true,
  updatedBy: true,
}).extend({
  /** How many lint warnings the current version has. */
  warnings: z.number().int(),
  /** UTF-8 size of subject, HTML and text together (SES's 500 KB counts these). */
  sizeBytes: z.number().int(),
})
export type TemplateSummary = z.infer<typeof TemplateSummarySchema>

export const TEMPLATE_SORTS = ['name', 'updated'] as const
export const TEMPLATE_SORT_ORDERS = ['asc', 'desc'] as const

export const TemplateListQuerySchema = z
  .object({
    organizationId: UlidSchema,
    /** Part of the name, case-insensitive. */
    q: safeName(z.string().trim().max(64), 'The search').optional(),
    tag: TemplateTagSchema.optional(),
    sort: z.enum(TEMPLATE_SORTS).default('updated'),
    /** Default: `asc` by name, `desc` (newest first) by updated. */
    order: z.enum(TEMPLATE_SORT_ORDERS).optional(),
    /** `cursor`: only valid with the same organizationId, q, tag, sort and order. */
    ...pageQuery({ default: 50, max: 100 }),
  })
  .strict()
export type TemplateListQuery = z.input<typeof TemplateListQuerySchema>

export const TemplateListSchema = PageSchema(TemplateSummarySchema)
export type TemplateList = z.infer<typeof TemplateListSchema>

const templateFields = {
  name: TemplateNameSchema,
  subject: TemplateSubjectSchema,
  editorType: TemplateEditorTypeSchema,
  source: TemplateSourceSchema,
  text: TemplateTextInputSchema,
  tags: TemplateTagsSchema,
  sampleData: SampleDataSetsSchema,
}

/**
 * Create from a starter (its subject, MJML, text and sample data; any field given here wins; with `editorType`
 * VISUAL its block document, with HTML its compiled HTML) or from explicit fields (`editorType` then required).
 * A VISUAL source is stored in its canonical form (`visualDocumentSource`). Costs one START action.
 */
export const CreateTemplateBodySchema = z
  .object({
    starter: TemplateStarterIdSchema.optional(),
    name: templateFields.name,
    subject: templateFields.subject.optional(),
    editorType: templateFields.editorType.optional(),
    source: templateFields.source.optional(),
    text: templateFields.text.optional(),
    tags: templateFields.tags.optional(),
    sampleData: templateFields.sampleData.optional(),
  })
  .strict()
  .refine((body) => body.starter !== undefined || body.editorType !== undefined, {
    message: 'Choose a starter or an editorType.',
    path: ['editorType'],
  })
  .meta({ anyOf: [{ required: ['starter'] }, { required: ['editorType'] }] })
export type CreateTemplateBody = z.input<typeof CreateTemplateBodySchema>

/** Changes to a template; `version` is the version the editor started from (409 `version.conflict` if stale). */
export const UpdateTemplateBodySchema = z
  .object({
    version: z.number().int().min(1),
    name: templateFields.name.optional(),
    subject: templateFields.subject.optional(),
    editorType: templateFields.editorType.optional(),
    source: templateFields.source.optional(),
    text: templateFields.text.optional(),
    tags: templateFields.tags.optional(),
    sampleData: templateFields.sampleData.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).some((key) => key !== 'version'), {
    message: 'Send at least one field to change.',
  })
  // `version` and at least one field to change.
  .meta({ minProperties: 2 })
export type UpdateTemplateBody = z.input<typeof UpdateTemplateBodySchema>

export const CopyTemplateBodySchema = z.object({ newName: TemplateNameSchema }).strict()
export type CopyTemplateBody = z.infer<typeof CopyTemplateBodySchema>

export const DeleteTemplatesBodySchema = z
  .object({
    templateIds: uniqueItems(
      z
        .array(UlidSchema)
        .min(1, { message: 'Choose at least one template.' })
        .max(TEMPLATE_BULK_DELETE_MAX, { message: `At most ${TEMPLATE_BULK_DELETE_MAX} templates at once.` }),
      'Each template once.',
    ),
  })
  .strict()
export type DeleteTemplatesBody = z.infer<typeof DeleteTemplatesBodySchema>

export const TemplateIdParamsSchema = z.object({ id: UlidSchema }).strict()

/** Every tag used in the organization with how many templates carry it, by tag: one page (`nextCursor` null). */
export const TagListSchema = PageSchema(z.object({ tag: z.string(), count: z.number().int() }))
export type TagList = z.infer<typeof TagListSchema>
