import * as z from 'zod'
import { UlidSchema } from '../ids'
import { TemplateEditorTypeSchema, TemplateNameSchema } from '../templates/schemas'
import { DiffChangeSchema } from '../templates/versions'
import { uniqueItems } from '../text'

/**
 * Two-way sync with the customer's SES templates (spec §7 'Email-service import and sync'). Every call names the
 * organization and its AWS account in the query; bulk work (import, publish, delete, refresh) answers 202 with a
 * background job (`jobs.ts`).
 *
 * A template is linked to an SES template by a publication record per AWS account (written by publish and
 * import): the SES name, the version published and a fingerprint (sha256) of the subject, HTML and text as
 * published. The list compares it with the template's current output (`changed_in_product`) and with the
 * fingerprint the last refresh read from SES (`drifted`); the list itself never reads templates' content in SES.
 */
export const SES_SYNC_MAX_ITEMS = 100

/** Where each call acts: the organization and one of its AWS accounts (404 when the account is not its own). */
export const SesSyncQuerySchema = z.object({ organizationId: UlidSchema, awsAccountId: UlidSchema }).strict()
export type SesSyncQuery = z.input<typeof SesSyncQuerySchema>

/**
 * An SES template's state: `unlinked` (no template of ours published it), `in_sync`, `changed_in_product` (the
 * template was saved with a different output since it was published) or `drifted` (the last refresh found
 * different content in SES than we published — someone changed it outside the product). When both changed,
 * `drifted` wins: publishing would overwrite the outside change.
 */
export const SES_TEMPLATE_STATES = ['in_sync', 'changed_in_product', 'drifted', 'unlinked'] as const
export const SesTemplateStateSchema = z.enum(SES_TEMPLATE_STATES)
export type SesTemplateState = z.infer<typeof SesTemplateStateSchema>

export const SesTemplateRowSchema = z.object({
  /** The SES template name. */
  name: z.string(),
  /** When SES created it (SES reports no modification time). */
  createdAt: z.iso.datetime().nullable(),
  /** Our template linked to it, if any. */
  templateId: UlidSchema.nullable(),
  templateName: z.string().nullable(),
  state: SesTemplateStateSchema,
  /** Linked: the template version last published, and the template's version now. */
  publishedVersion: z.number().int().nullable(),
  currentVersion: z.number().int().nullable(),
  publishedAt: z.iso.datetime().nullable(),
  /** Linked: when a refresh (or publish/import) last read or wrote its content in SES. */
  checkedAt: z.iso.datetime().nullable(),
})
export type SesTemplateRow = z.infer<typeof SesTemplateRowSchema>

/** `not_published`: never published to this account; `missing_in_ses`: published, but SES no longer has it. */
export const UNPUBLISHED_STATES = ['not_published', 'missing_in_ses'] as const

export const UnpublishedTemplateSchema = z.object({
  templateId: UlidSchema,
  templateName: z.string(),
  version: z.number().int(),
  state: z.enum(UNPUBLISHED_STATES),
  /** `missing_in_ses`: the SES name it was published under. */
  sesName: z.string().nullable(),
  publishedVersion: z.number().int().nullable(),
})
export type UnpublishedTemplate = z.infer<typeof UnpublishedTemplateSchema>

export const SesSyncOverviewSchema = z.object({
  awsAccountId: UlidSchema,
  /** The SES templates of the account (all pages), by name. */
  sesTemplates: z.array(SesTemplateRowSchema),
  /** The organization's templates that SES does not hold, by name. */
  unpublished: z.array(UnpublishedTemplateSchema),
  /** False when SES had more pages than could be read in time (very large accounts): the list is partial. */
  complete: z.boolean(),
  /** When the latest refresh job finished (drift is as of then); null before the first. */
  refreshedAt: z.iso.datetime().nullable(),
})
export type SesSyncOverview = z.infer<typeof SesSyncOverviewSchema>

/** Import: SES template names to create as HTML templates (1 START action each). */
export const SesImportBodySchema = z
  .object({
    templates: uniqueItems(
      z
        .array(TemplateNameSchema)
        .min(1, { message: 'Choose at least one SES template.' })
        .max(SES_SYNC_MAX_ITEMS, { message: `At most ${SES_SYNC_MAX_ITEMS} templates at once.` }),
      'Each template once.',
    ),
  })
  .strict()
export type SesImportBody = z.infer<typeof SesImportBodySchema>

/** Publish (create or update in SES) or delete from SES: our template ids. */
export const SesTemplateIdsBodySchema = z
  .object({
    templateIds: uniqueItems(
      z
        .array(UlidSchema)
        .min(1, { message: 'Choose at least one template.' })
        .max(SES_SYNC_MAX_ITEMS, { message: `At most ${SES_SYNC_MAX_ITEMS} templates at once.` }),
      'Each template once.',
    ),
  })
  .strict()
export type SesTemplateIdsBody = z.infer<typeof SesTemplateIdsBodySchema>

/**
 * Publish: our template ids, and those among them whose change made in SES (drift) the user chose to overwrite.
 * A publish reads each linked template in SES first; one changed there since it was published is skipped
 * (`ses.changed_in_ses`) unless its id is in `overwriteTemplateIds`.
 */
export const SesPublishBodySchema = SesTemplateIdsBodySchema.extend({
  overwriteTemplateIds: uniqueItems(
    z
      .array(UlidSchema)
      .max(SES_SYNC_MAX_ITEMS, { message: `At most ${SES_SYNC_MAX_ITEMS} templates at once.` }),
    'Each template once.',
  ).optional(),
})
  .strict()
  .refine((body) => (body.overwriteTemplateIds ?? []).every((id) => body.templateIds.includes(id)), {
    message: 'Only templates being published can be overwritten.',
    path: ['overwriteTemplateIds'],
  })
  .meta({ description: 'Each id of `overwriteTemplateIds` is also one of `templateIds`.' })
export type SesPublishBody = z.infer<typeof SesPublishBodySchema>

/** The item code of a publish skipped because the template was changed in SES (drift). */
export const SES_CHANGED_IN_SES = 'ses.changed_in_ses'

export const SesTemplateParamsSchema = z.object({ templateId: UlidSchema }).strict()

export const SesPartsSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() })
export type SesParts = z.infer<typeof SesPartsSchema>

/**
 * A linked template's content in SES now (a fresh read) beside our current version, with a line diff per part
 * from ours (`from`) to SES's (`to`). `ses` is null when SES no longer holds it.
 */
export const SesTemplateReviewSchema = z.object({
  templateId: UlidSchema,
  templateName: z.string(),
  editorType: TemplateEditorTypeSchema,
  sesName: z.string(),
  awsAccountName: z.string(),
  /** `drifted`: SES holds something else than was published; `in_sync`; `missing_in_ses`. */
  state: z.enum(['drifted', 'in_sync', 'missing_in_ses']),
  /** sha256 of SES's content as read: taking SES's version names it, so a newer change in SES is not taken blind. */
  sesFingerprint: z.string().nullable(),
  ses: SesPartsSchema.nullable(),
  ours: SesPartsSchema.extend({ version: z.number().int() }),
  parts: z.array(
    z.object({
      part: z.enum(['subject', 'html', 'text']),
      changed: z.boolean(),
      changes: z.array(DiffChangeSchema),
    }),
  ),
})
export type SesTemplateReview = z.infer<typeof SesTemplateReviewSchema>

/** Take SES's version: the fingerprint reviewed and our version it replaces (both checked: 409 when moved). */
export const SesTakeBodySchema = z
  .object({
    sesFingerprint: z.string().regex(/^[0-9a-f]{64}$/, { message: 'Is not a content fingerprint.' }),
    version: z.number().int().min(1),
  })
  .strict()
export type SesTakeBody = z.infer<typeof SesTakeBodySchema>
