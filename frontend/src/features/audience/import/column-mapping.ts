import {
  ATTRIBUTE_NAME_MESSAGE,
  AttributeNameSchema,
  CONTACT_EXPORT_BOOKKEEPING,
  isContactExport,
  type StartImportBody,
} from '@app/contracts'

/**
 * What one column of the file becomes: the email, an attribute (a template variable), a JSON object of
 * attributes (our export's `attributes` column), or nothing.
 */
export type ColumnChoice =
  | { kind: 'email' }
  | { kind: 'attribute'; name: string }
  | { kind: 'attributes-json' }
  | { kind: 'skip' }

const EMAIL_HEADERS = new Set(['email', 'e-mail', 'email address', 'e-mail address', 'emailaddress', 'mail'])

/** `First name` → `firstName`, `Prénom` → `prenom`, `2nd phone` → `phone2nd`… an attribute name the API takes. */
export function attributeNameFor(header: string): string {
  const words = header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  const camel = words
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('')
  const leadingDigits = /^\d+/.exec(camel)?.[0] ?? ''
  const name = (camel.slice(leadingDigits.length) + leadingDigits).slice(0, 50)
  return /^[A-Za-z]/.test(name) ? name : ''
}

const NAME_ALIASES: Record<string, string> = {
  firstname: 'firstName',
  givenname: 'firstName',
  first: 'firstName',
  lastname: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  last: 'lastName',
}

/**
 * The first column that looks like an email header is the email; every other becomes an attribute of its
 * name, but for our own export's: its bookkeeping columns skipped (the importer sets status, suppression and
 * dates itself), its `attributes` column read as the JSON object it is, so an export re-imports as it was.
 */
export function suggestMapping(headers: readonly string[]): ColumnChoice[] {
  const emailIndex = headers.findIndex((header) => EMAIL_HEADERS.has(header.trim().toLowerCase()))
  const ownExport = isContactExport(headers)
  const bookkeeping = new Set<string>(ownExport ? CONTACT_EXPORT_BOOKKEEPING : [])
  const used = new Set<string>()
  return headers.map((header, index): ColumnChoice => {
    if (index === emailIndex) return { kind: 'email' }
    if (bookkeeping.has(header.trim())) return { kind: 'skip' }
    if (ownExport && header.trim() === 'attributes') return { kind: 'attributes-json' }
    const plain = attributeNameFor(header)
    const name = NAME_ALIASES[plain.toLowerCase()] ?? plain
    if (!name || used.has(name)) return { kind: 'skip' }
    used.add(name)
    return { kind: 'attribute', name }
  })
}

/** Why the mapping cannot be sent, or undefined. `columns` problems are by column index. */
export function mappingProblems(
  headers: readonly string[],
  choices: readonly ColumnChoice[],
): { overall?: string; columns: Record<number, string> } {
  const columns: Record<number, string> = {}
  const emails = choices.filter((choice) => choice.kind === 'email').length
  const jsonColumns = choices.filter((choice) => choice.kind === 'attributes-json').length
  const seen = new Map<string, number>()
  choices.forEach((choice, index) => {
    if (choice.kind !== 'attribute') return
    if (!AttributeNameSchema.safeParse(choice.name).success) columns[index] = ATTRIBUTE_NAME_MESSAGE
    else if (seen.has(choice.name))
      columns[index] = `Column “${headers[seen.get(choice.name) ?? 0]}” fills it already.`
    else seen.set(choice.name, index)
  })
  const overall =
    headers.length === 0
      ? 'The file has no header row.'
      : emails === 0
        ? 'Choose the column that holds the email addresses.'
        : emails > 1
          ? 'Only one column can be the email.'
          : jsonColumns > 1
            ? 'Only one column can hold attributes as JSON.'
            : undefined
  return overall ? { overall, columns } : { columns }
}

/** The `columns` option of `POST contacts/import` (by header, as written in the file's first row). */
export function columnsOption(
  headers: readonly string[],
  choices: readonly ColumnChoice[],
): NonNullable<StartImportBody['columns']> {
  const emailIndex = choices.findIndex((choice) => choice.kind === 'email')
  const jsonIndex = choices.findIndex((choice) => choice.kind === 'attributes-json')
  const attributes: Record<string, string> = {}
  choices.forEach((choice, index) => {
    if (choice.kind === 'attribute') attributes[choice.name] = headers[index] as string
  })
  return {
    email: headers[emailIndex] as string,
    attributes,
    ...(jsonIndex >= 0 ? { attributesJson: headers[jsonIndex] as string } : {}),
  }
}
