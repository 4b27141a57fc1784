import * as z from 'zod'
import { UlidSchema } from '../ids'
import { PageSchema, pageQuery } from '../page'
import { PrincipalSchema } from '../principal'
import { atLeastOneField, nonBlank, safeName } from '../text'
import { ApiScopeSchema } from './scopes'

/** A key's own requests per minute on the public API (the public API's rate-limit step counts per key). */
export const API_KEY_RATE_LIMIT = { min: 10, max: 6000, default: 600 } as const
/** How long a rotated key's previous secret keeps working: 24 hours unless chosen, at most 7 days. */
export const API_KEY_GRACE_SECONDS = { min: 0, max: 7 * 24 * 60 * 60, default: 24 * 60 * 60 } as const

/** What a key's holder sees before the secret: `ssk_live_<keyId>` (the full key is `ssk_live_<keyId>_<secret>`). */
export const apiKeyPrefix = (keyId: string) => `ssk_live_${keyId}`

const RateLimitSchema = z
  .number()
  .int()
  .min(API_KEY_RATE_LIMIT.min)
  .max(API_KEY_RATE_LIMIT.max)
  .meta({ description: 'Requests per minute this key may make on the public API.' })

const NameSchema = safeName(nonBlank(z.string().trim().min(1).max(100)), 'A key name')

/** A key as lists and answers show it: never its secret nor its hash. */
export const ApiKeySchema = z.object({
  keyId: UlidSchema,
  name: z.string(),
  /** `ssk_live_<keyId>`: what the key starts with, to recognise it. */
  prefix: z.string(),
  scopes: z.array(ApiScopeSchema),
  rateLimitPerMinute: z.number().int(),
  createdBy: PrincipalSchema,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  rotatedAt: z.string().nullable(),
  /** After a rotation, until when the previous secret still works (null when it no longer does or never was). */
  previousSecretValidUntil: z.string().nullable(),
})
export type ApiKey = z.infer<typeof ApiKeySchema>

export const ApiKeyListSchema = PageSchema(ApiKeySchema)

export const ApiKeyQuerySchema = z.object({ organizationId: UlidSchema }).strict()
export const ApiKeyListQuerySchema = z
  .object({ organizationId: UlidSchema, ...pageQuery({ default: 50, max: 100 }) })
  .strict()
export const ApiKeyIdParamsSchema = z.object({ id: UlidSchema }).strict()

export const CreateApiKeyBodySchema = z
  .object({
    name: NameSchema,
    scopes: z
      .array(ApiScopeSchema)
      .min(1)
      .transform((scopes) => [...new Set(scopes)]),
    rateLimitPerMinute: RateLimitSchema.default(API_KEY_RATE_LIMIT.default),
  })
  .strict()
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBodySchema>

export const UpdateApiKeyBodySchema = atLeastOneField(
  z.object({ name: NameSchema.optional(), rateLimitPerMinute: RateLimitSchema.optional() }).strict(),
)
export type UpdateApiKeyBody = z.input<typeof UpdateApiKeyBodySchema>

export const RotateApiKeyBodySchema = z
  .object({
    graceSeconds: z
      .number()
      .int()
      .min(API_KEY_GRACE_SECONDS.min)
      .max(API_KEY_GRACE_SECONDS.max)
      .default(API_KEY_GRACE_SECONDS.default)
      .meta({
        description:
          'How long the previous secret keeps working: 0 (at once) to 7 days; 24 hours by default.',
      }),
  })
  .strict()
export type RotateApiKeyBody = z.input<typeof RotateApiKeyBodySchema>

/** The key itself, answered this once (creating or rotating): only its hash is kept. */
export const IssuedApiKeySchema = z.object({
  key: z
    .string()
    .meta({ description: 'The full key, `ssk_live_<keyId>_<secret>`. Shown once: store it now.' }),
  apiKey: ApiKeySchema,
})
export type IssuedApiKey = z.infer<typeof IssuedApiKeySchema>
