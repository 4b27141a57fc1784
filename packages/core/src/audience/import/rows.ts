import { domainToASCII } from 'node:url'
import {
  AttributeNameSchema,
  CONTACT_EXPORT_BOOKKEEPING,
  EmailSchema,
  IMPORT_MAX_COLUMNS,
  type InvalidRowReason,
  isContactExport,
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
  /** A column holding a JSON object of attributes (the export's `attributes`). */
  attributesJson?: number
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
      ...(mapping.attributesJson ? { attributesJson: indexOf(mapping.attributesJson) } : {}),
    })
  }
  const email = names.findIndex((name) => EMAIL_HEADERS.has(name.toLowerCase()))
  if (email < 0) throw invalidFile('The first row names no email column (e.g. "email"); map one.')
  // Our own export: its bookkeeping columns are not attributes, its `attributes` column is read as JSON.
  const ownExport = isContactExport(names)
  const bookkeeping = new Set<string>(ownExport ? CONTACT_EXPORT_BOOKKEEPING : [])
  const attributes: Record<string, number> = {}
  names.forEach((name, index) => {
    if (index === email || bookkeeping.has(name) || (ownExport && name === 'attributes')) return
    // A column named like a built-in of every object (`constructor`, `__proto__`) is refused, never dropped.
    if (RESERVED_ATTRIBUTE_NAMES.includes(name))
      throw invalidFile(`The column "${name}" cannot be an attribute of that name; map it to another name.`)
    const attribute = attributeNameOf(name)
    if (attribute && !Object.hasOwn(attributes, attribute)) attributes[attribute] = index
  })
  return limited({ email, attributes, ...(ownExport ? { attributesJson: indexOf('attributes') } : {}) })
}

/**
 * The attributes of a JSON cell (the export's `attributes`): an object of names to text (numbers and booleans
 * written as text), each name an attribute name the API takes; undefined when the cell is anything else.
 */
function jsonAttributes(cell: string): Record<string, string> | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(cell)
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined
  const attributes: Record<string, string> = Object.create(null)
  for (const [name, value] of Object.entries(parsed)) {
    if (!AttributeNameSchema.safeParse(name).success || RESERVED_ATTRIBUTE_NAMES.includes(name))
      return undefined
    if (!['string', 'number', 'boolean'].includes(typeof value)) return undefined
    attributes[name] = String(value)
  }
  return attributes
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

/** A value an attribute may hold: a first or last name is a safe name, any other a single line. */
const fitsAttribute = (name: string, value: string) =>
  NAME_ATTRIBUTES.has(name)
    ? value.length <= NAME_MAX_LENGTH && isSafeName(value)
    : value.length <= ATTRIBUTE_MAX_LENGTH && isSingleLine(value)

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
  const json = columns.attributesJson === undefined ? '' : (cells[columns.attributesJson] ?? '').trim()
  if (json !== '') {
    const fromJson = jsonAttributes(json)
    if (!fromJson) return { valid: false, reason: 'attribute.invalid' }
    for (const [name, value] of Object.entries(fromJson)) {
      if (Object.hasOwn(columns.attributes, name)) continue
      if (!fitsAttribute(name, value)) return { valid: false, reason: 'attribute.invalid' }
      attributes[name] = value
    }
  }
  for (const [name, index] of Object.entries(columns.attributes)) {
    // A quoted cell may span lines (an address): its line breaks and tabs become spaces.
    const value = (cells[index] ?? '').replace(/[\t\r\n]+/g, ' ').trim()
    if (value === '') continue
    if (!fitsAttribute(name, value)) return { valid: false, reason: 'attribute.invalid' }
    attributes[name] = value
  }
  // A JSON cell may name more than a contact holds.
  if (Object.keys(attributes).filter((name) => !NAME_ATTRIBUTES.has(name)).length > ATTRIBUTES_MAX)
    return { valid: false, reason: 'attribute.invalid' }
  const seenBefore = seen.add(email.data)
  if (seenBefore === 'repeat') return { valid: false, reason: 'email.duplicate' }
  if (seenBefore === 'full') return { valid: false, reason: 'email.over_limit' }
  return { valid: true, email: email.data, attributes }
}
