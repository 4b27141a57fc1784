import * as z from 'zod'

/** ULIDs: 26 Crockford base32 characters. */
export const UlidSchema = z
  .string()
  .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'Expected an id (26-character ULID).' })

/** Cognito `sub` values are UUIDs; account ids are the user's `sub`. */
export const AccountIdSchema = z.uuid({ message: 'Expected an account id (UUID).' })

export const IdParamsSchema = z.object({ id: UlidSchema }).strict()
