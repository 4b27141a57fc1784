import type * as z from 'zod'
import type { Item } from './table'

/** A stored item that does not have the shape its repository expects: a bug or a missed migration, never input. */
export class MalformedItem extends Error {
  constructor(
    readonly key: string,
    readonly issues: string[],
  ) {
    super(`Malformed item ${key}: ${issues.join('; ')}`)
    this.name = 'MalformedItem'
  }
}

const describeKey = (item: Item) =>
  `${String(item.PK ?? '?')} / ${String(item.SK ?? '?')}${item.entity ? ` (${String(item.entity)})` : ''}`

/**
 * An item as its domain record: checked at run time by `schema` (keys, `entity` and anything the schema does not
 * name are left out, as `z.object` strips unknown keys), instead of a cast. A malformed item throws
 * `MalformedItem` naming its key and what is wrong.
 */
export function parseItem<S extends z.ZodType>(schema: S, item: Item): z.output<S> {
  const parsed = schema.safeParse(item)
  if (parsed.success) return parsed.data
  throw new MalformedItem(
    describeKey(item),
    parsed.error.issues.map((issue) => `${issue.path.join('.') || '(item)'}: ${issue.message}`),
  )
}

/** `parseItem` as a function of the item, for `items.map(itemParser(Schema))`. */
export const itemParser =
  <S extends z.ZodType>(schema: S) =>
  (item: Item): z.output<S> =>
    parseItem(schema, item)
