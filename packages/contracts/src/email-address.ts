import * as z from 'zod'

/**
 * The one email rule of every schema, and what the OpenAPI document states (`format: email` with this `pattern`):
 * zod's own email check lets a domain label end in `-` (`a@b-.com`), which the `email` format refuses and no
 * domain can be registered as. Each label is a letter or digit, then letters, digits or `-`, ending in a letter or
 * digit (at most 63); the top-level domain is letters.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/

export const emailAddress = (message = 'Enter a valid email address.') =>
  z.email({ pattern: EMAIL_PATTERN, message })
