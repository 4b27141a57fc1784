import * as z from 'zod'

/**
 * One page of a list, the shape of every list route: the rows, and the cursor of the next page (null on the
 * last). A cursor is opaque: the server signs it and binds it to its list, organization and filters, so it is
 * only valid with the query that produced it; anything else is refused with 400 `request.invalid`.
 */
export const PageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Pass as `cursor` (with the same other parameters) for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
export interface Page<T> {
  items: T[]
  nextCursor: string | null
}

/** The longest cursor the server hands out fits in this (positions are short: ids, names, dates). */
export const CURSOR_MAX_LENGTH = 1024

export const PageCursorSchema = z
  .string()
  .min(1)
  .max(CURSOR_MAX_LENGTH)
  .regex(/^[A-Za-z0-9_.-]+$/, { message: 'Not a page cursor.' })
  .meta({
    description:
      'The next-page cursor the previous page answered (`nextCursor`), with the same other parameters. The server signs it, so any other value is refused.',
  })

/** The query parameters of a paged list: `cursor` from the previous page, and how many rows per page. */
export const pageQuery = (limit: { default: number; max: number }) => ({
  /** `nextCursor` of the previous page (only valid with the same other parameters). */
  cursor: PageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(limit.max).default(limit.default),
})
