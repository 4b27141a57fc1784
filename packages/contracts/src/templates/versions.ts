import * as z from 'zod'
import { UlidSchema } from '../ids'
import { PageSchema, pageQuery } from '../page'
import { PrincipalSchema } from '../principal'
import {
  LintFindingSchema,
  SampleDataSetSchema,
  TemplateEditorTypeSchema,
  TemplateTextSchema,
  TemplateVariableSchema,
} from './schemas'

/** A template's versions: every save is a full snapshot; list, view, diff two, restore one (a new version). */
export const TEMPLATE_VERSION_ACTIONS = ['create', 'copy', 'save', 'restore', 'import'] as const
export const TemplateVersionActionSchema = z.enum(TEMPLATE_VERSION_ACTIONS)

export const TemplateVersionNumberSchema = z.coerce.number().int().min(1).max(99_999_999)

export const TemplateVersionParamsSchema = z
  .object({ id: UlidSchema, version: TemplateVersionNumberSchema })
  .strict()

export const TemplateVersionSummarySchema = z.object({
  version: z.number().int(),
  /** What made it: created, copied, saved, restored (from `restoredFrom`) or imported. */
  action: TemplateVersionActionSchema,
  restoredFrom: z.number().int().nullable(),
  /** Where the content came from when not typed here (e.g. "Taken from SES (Production)"). */
  note: z.string().optional(),
  name: z.string(),
  subject: z.string(),
  editorType: TemplateEditorTypeSchema,
  savedAt: z.iso.datetime(),
  savedBy: PrincipalSchema,
})
export type TemplateVersionSummary = z.infer<typeof TemplateVersionSummarySchema>

/** A version as it was saved: everything the editor shows. */
export const TemplateVersionSchema = TemplateVersionSummarySchema.extend({
  templateId: UlidSchema,
  source: z.string(),
  text: TemplateTextSchema,
  textPart: z.string(),
  html: z.string(),
  tags: z.array(z.string()),
  sampleData: z.array(SampleDataSetSchema),
  variables: z.array(TemplateVariableSchema),
  lint: z.array(LintFindingSchema),
})
export type TemplateVersion = z.infer<typeof TemplateVersionSchema>

export const TemplateVersionListQuerySchema = z.object({ ...pageQuery({ default: 20, max: 100 }) }).strict()

/** Newest first. */
export const TemplateVersionListSchema = PageSchema(TemplateVersionSummarySchema)
export type TemplateVersionList = z.infer<typeof TemplateVersionListSchema>

export const TemplateDiffQuerySchema = z
  .object({ from: TemplateVersionNumberSchema, to: TemplateVersionNumberSchema })
  .strict()

/** A run of lines: unchanged, only in `to` (added) or only in `from` (removed). `value` keeps its newlines. */
export const DiffChangeSchema = z.object({
  kind: z.enum(['equal', 'added', 'removed']),
  value: z.string(),
  lines: z.number().int(),
})
export type DiffChange = z.infer<typeof DiffChangeSchema>

export const TEMPLATE_DIFF_PARTS = ['subject', 'source', 'html', 'text'] as const

export const TemplateDiffSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  /**
   * A line diff per part: `subject`, `source` (what the author edits), `html` (compiled; left out when both
   * versions are HTML templates, where it equals the source) and `text` (the effective text part).
   */
  parts: z.array(
    z.object({
      part: z.enum(TEMPLATE_DIFF_PARTS),
      changed: z.boolean(),
      changes: z.array(DiffChangeSchema),
    }),
  ),
})
export type TemplateDiff = z.infer<typeof TemplateDiffSchema>
