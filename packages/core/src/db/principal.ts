import { type Principal, PrincipalSchema } from '@app/contracts'
import * as z from 'zod'

/** How records kept their author before they kept a principal: a signed-in user's id and email. */
const UserAuthorItem = z.object({ accountId: z.string().min(1), email: z.string() })

const asUser = (author: z.infer<typeof UserAuthorItem>): Principal => ({ type: 'user', ...author })

/**
 * A stored principal (`updatedBy`, `savedBy`, `createdBy`), read from any shape it was ever written in: a
 * principal, or an item written before records kept principals — `{ accountId, email }`, a user — so no migration
 * rewrites old items.
 */
export const principalItem = z.union([PrincipalSchema, UserAuthorItem.transform(asUser)])

/**
 * `principalItem` for an author that was optional: an old item's null or missing author was the platform's own
 * change (a job a schedule started), read as the system named `system`.
 */
export const authorItem = (system: string) =>
  z.union([
    principalItem,
    z
      .null()
      .optional()
      .transform((): Principal => ({ type: 'system', name: system })),
  ])
