import * as z from 'zod'

/**
 * The one rule for a contact attribute's name, shared by the API, the import's column mapping and the editor's
 * variables: a letter or _ then up to 63 letters, digits or _, and none of the names every JavaScript object
 * already answers to (`constructor`, `toString`, `__proto__`, …). Those would be read back from the prototype
 * instead of the data, and the DynamoDB marshaller reads `constructor` of what it writes, so they are refused by
 * name rather than stored or silently dropped. The refusal is part of the pattern so the OpenAPI document states it.
 */
export const RESERVED_ATTRIBUTE_NAMES: readonly string[] = Object.getOwnPropertyNames(Object.prototype).sort()

const NAME = '[A-Za-z_][A-Za-z0-9_]{0,63}'
const NOT_RESERVED = `(?!(?:${RESERVED_ATTRIBUTE_NAMES.join('|')})$)`
export const ATTRIBUTE_NAME_PATTERN = new RegExp(`^${NOT_RESERVED}${NAME}$`)
/** One segment of a dotted variable name (`company.name`) follows the same rule. */
const SEGMENT = `(?!(?:${RESERVED_ATTRIBUTE_NAMES.join('|')})(?:\\.|$))${NAME}`
export const VARIABLE_NAME_PATTERN = new RegExp(`^${SEGMENT}(\\.${SEGMENT}){0,3}$`)
export const ATTRIBUTE_NAME_MESSAGE = `An attribute name is a letter or _ then up to 63 letters, digits or _, and not one of ${RESERVED_ATTRIBUTE_NAMES.filter((name) => /^[A-Za-z]/.test(name)).join(', ')}.`

export function isAttributeName(name: string): boolean {
  return ATTRIBUTE_NAME_PATTERN.test(name)
}

export const AttributeNameSchema = z
  .string()
  .regex(ATTRIBUTE_NAME_PATTERN, { message: ATTRIBUTE_NAME_MESSAGE })
