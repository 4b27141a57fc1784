import { domainToASCII } from 'node:url'
import {
  AttributeNameSchema,
  EmailSchema,
  IMPORT_MAX_COLUMNS,
  type InvalidRowReason,
  isSafeName,
  isSingleLine,
  RESERVED_ATTRIBUTE_NAMES,
  type StartImportBody,
} from '@app/contracts'
import { AppError } from '../../errors'
import type { SeenEmails } from './seen-emails'

/** Where each field of a contact is in a row: column indexes of the header. */
export interface ColumnMap {
  email: number
  attributes: Record<string, number>
}

/** Longest attribute value and name an import writes (the audience's own limits). */
export const ATTRIBUTE_MAX_LENGTH = 1000
export const NAME_MAX_LENGTH = 100
/** Custom attributes a contact holds at most (first and last name are fields of their own). */
export const ATTRIBUTES_MAX = 50
const NAME_ATTRIBUTES = new Set(['firstName', 'lastName'])

const EMAIL_HEADERS = new Set(['email', 'e-mail', 'email address', 'e-mail address', 'emailaddress'])

const invalidFile = (message: string) => new AppError('contact_import.invalid_file', message)

/** `First name` → `firstName`; undefined when nothing identifier-like is left. */
export function attributeNameOf(header: string): string | undefined {
  const words = header
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .split(/[\s_-]+/)
    .filter(Boolean)
  const name = words
    .map((word, index) =>
      index === 0
        ? word.charAt(0).toLowerCase() + word.slice(1)
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join('')
  return AttributeNameSchema.safeParse(name).success ? name : undefined
}

/**
 * The columns an import reads, from the file's header and the caller's mapping (or the defaults: the `email`
 * column, every other one an attribute of its identifier-like name). A missing or repeated column is refused
 * before any row is written.
 */
export function resolveColumns(header: string[], mapping: StartImportBody['columns']): ColumnMap {
  const names = header.map((cell) => cell.trim())
  if (names.length > IMPORT_MAX_COLUMNS)
    throw invalidFile(`The file has ${names.length} columns; at most ${IMPORT_MAX_COLUMNS} are read.`)
  const indexOf = (column: string) => {
    const matches = names.flatMap((name, index) => (name === column.trim() ? [index] : []))
    if (matches.length === 0) throw invalidFile(`The file has no column named "${column}".`)
    if (matches.length > 1) throw invalidFile(`The file has ${matches.length} columns named "${column}".`)
    return matches[0] as number
  }
  const limited = (map: ColumnMap) => {
    const custom = Object.keys(map.attributes).filter((name) => !NAME_ATTRIBUTES.has(name)).length
    if (custom > ATTRIBUTES_MAX)
      throw invalidFile(
        `${custom} columns would become attributes; a contact holds at most ${ATTRIBUTES_MAX}: map fewer.`,
      )
    return map
  }
  if (mapping) {
    return limited({
      email: indexOf(mapping.email),
      attributes: Object.fromEntries(
        Object.entries(mapping.attributes ?? {}).map(([name, column]) => [name, indexOf(column)]),
      ),
    })
  }
  const email = names.findIndex((name) => EMAIL_HEADERS.has(name.toLowerCase()))
  if (email < 0) throw invalidFile('The first row names no email column (e.g. "email"); map one.')
  const attributes: Record<string, number> = {}
  names.forEach((name, index) => {
    if (index === email) return
    // A column named like a built-in of every object (`constructor`, `__proto__`) is refused, never dropped.
    if (RESERVED_ATTRIBUTE_NAMES.includes(name))
      throw invalidFile(`The column "${name}" cannot be an attribute of that name; map it to another name.`)
    const attribute = attributeNameOf(name)
    if (attribute && !Object.hasOwn(attributes, attribute)) attributes[attribute] = index
  })
  return limited({ email, attributes })
}

/**
 * An address as Amazon SES takes it (7-bit ASCII; SES does not support SMTPUTF8): a domain in Unicode is written
 * in Punycode (`bü.de` → `xn--b-hga.de`), a local part in Unicode cannot be sent to at all.
 */
export function sesAddress(raw: string): string | 'unicode-local-part' {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the 7-bit ASCII range is the point
  if (/^[\x00-\x7f]*$/.test(raw)) return raw
  const at = raw.lastIndexOf('@')
  if (at <= 0) return raw
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the 7-bit ASCII range is the point
  if (!/^[\x00-\x7f]*$/.test(raw.slice(0, at))) return 'unicode-local-part'
  const domain = domainToASCII(raw.slice(at + 1))
  return domain ? `${raw.slice(0, at)}@${domain}` : raw
}

export type CheckedRow =
  | { valid: true; email: string; attributes: Record<string, string> }
  | { valid: false; reason: InvalidRowReason }

/**
 * One data row as a contact, or why it is refused: the email's syntax (normalised: trimmed, lower case), a
 * repeat of an earlier row's email, a new email past the most different ones a file may name (`SeenEmails`),
 * attribute values too long or holding control characters (line breaks in a quoted cell become spaces). Empty
 * cells set no attribute.
 */
export function checkRow(cells: string[], columns: ColumnMap, seen: SeenEmails): CheckedRow {
  const raw = cells[columns.email]?.trim() ?? ''
  if (raw === '') return { valid: false, reason: 'email.missing' }
  const address = sesAddress(raw)
  if (address === 'unicode-local-part') return { valid: false, reason: 'email.unicode_local_part' }
  const email = EmailSchema.safeParse(address)
  if (!email.success) return { valid: false, reason: 'email.invalid' }
  const attributes: Record<string, string> = {}
  for (const [name, index] of Object.entries(columns.attributes)) {
    // A quoted cell may span lines (an address): its line breaks and tabs become spaces.
    const value = (cells[index] ?? '').replace(/[\t\r\n]+/g, ' ').trim()
    if (value === '') continue
    const fits = NAME_ATTRIBUTES.has(name)
      ? value.length <= NAME_MAX_LENGTH && isSafeName(value)
      : value.length <= ATTRIBUTE_MAX_LENGTH && isSingleLine(value)
    if (!fits) return { valid: false, reason: 'attribute.invalid' }
    attributes[name] = value
  }
  const seenBefore = seen.add(email.data)
  if (seenBefore === 'repeat') return { valid: false, reason: 'email.duplicate' }
  if (seenBefore === 'full') return { valid: false, reason: 'email.over_limit' }
  return { valid: true, email: email.data, attributes }
}
