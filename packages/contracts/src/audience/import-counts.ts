import * as z from 'zod'

/**
 * What an import counted, row by row (its own module: the event catalog names it without pulling in the rest of
 * the import and export contracts).
 */
export const ImportCountsSchema = z.object({
  /** Data rows read so far (blank lines not counted). */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Existing contacts the row would not change (or `skip` left alone). */
  unchanged: z.number().int(),
  /** Rows refused: see the invalid-rows file. */
  invalid: z.number().int(),
  /** Rows of suppressed contacts: never re-subscribed. */
  suppressed: z.number().int(),
})
export type ImportCounts = z.infer<typeof ImportCountsSchema>
