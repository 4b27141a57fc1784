import * as z from 'zod'
import { OrganizationSummarySchema } from '../account/schemas'
import { atLeastOneField, safeName } from '../text'

export const OrganizationNameSchema = safeName(
  z.string().trim().max(120, { message: 'Name is at most 120 characters.' }),
)

export const CreateOrganizationBodySchema = z.object({ name: OrganizationNameSchema }).strict()
export type CreateOrganizationBody = z.infer<typeof CreateOrganizationBodySchema>

export const UpdateOrganizationBodySchema = atLeastOneField(
  z
    .object({
      name: OrganizationNameSchema,
      /** Only START may be chosen here; paid plans arrive through billing. */
      plan: z.literal('START', {
        message: 'Only the START plan can be chosen here; paid plans come through billing.',
      }),
    })
    .partial()
    .strict(),
)
export type UpdateOrganizationBody = z.infer<typeof UpdateOrganizationBodySchema>

export const OrganizationSchema = OrganizationSummarySchema
export type Organization = z.infer<typeof OrganizationSchema>
