import { randomBytes } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Stripe's id prefixes for the objects the stand-in makes. */
export type IdPrefix =
  | 'cus'
  | 'txi'
  | 'prod'
  | 'price'
  | 'cs_test'
  | 'bps'
  | 'sub'
  | 'si'
  | 'in'
  | 'il'
  | 'li'
  | 'evt'
  | 'req'

/** `<prefix>_` + 24 random base-62 characters, like Stripe's own ids. */
export function newId(prefix: IdPrefix, length = 24): string {
  const bytes = randomBytes(length)
  let suffix = ''
  for (const byte of bytes) suffix += ALPHABET[byte % ALPHABET.length]
  return `${prefix}_${suffix}`
}

/** A customer's invoice prefix: 8 upper-case letters and digits, e.g. `A1B2C3D4`. */
export function newInvoicePrefix(): string {
  return randomBytes(4).toString('hex').toUpperCase()
}
