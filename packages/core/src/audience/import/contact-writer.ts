import { getContacts } from '../contacts.repo'
import { type UpsertResult, upsertContacts } from '../upsert-batch'
import type { ImportRecord } from './imports.repo'
import type { RowOutcome, ValidRow } from './run'

/**
 * An import's rows through the audience's one batch upsert (the import's mode and topics; the consent trail names
 * the import and its creator). `firstName` / `lastName` attributes fill the contact's name fields; a row the
 * audience refuses (the contacts limit …) comes back as a failure with its reason; a row whose topics were
 * refused (a suppressed address, a topic the person left) counts as suppressed.
 *
 * `replay`: the rows may have been written already by a run that crashed before its checkpoint. What that run
 * did then reads `unchanged`, so such rows are recognised on the contact: created by this import (the file's first
 * row with the email: duplicates never get here) → created; changed since this import started → updated.
 */
export async function writeImportRows(
  record: ImportRecord,
  rows: ValidRow[],
  options: { replay: boolean } = { replay: false },
): Promise<RowOutcome[]> {
  const results = await upsertContacts(
    record.orgId,
    rows.map(({ email, attributes: { firstName, lastName, ...attributes } }) => ({
      email,
      ...(firstName ? { firstName } : {}),
      ...(lastName ? { lastName } : {}),
      attributes,
    })),
    {
      existing: record.options.existing,
      topicIds: record.options.topicIds,
      origin: { source: 'import', by: record.createdBy, importId: record.id },
      importId: record.id,
    },
  )
  const replayed = options.replay ? await replayedOutcomes(record, results) : new Map<string, RowOutcome>()
  return results.map((result) => {
    if (result.outcome === 'failed')
      return {
        failed: result.error ?? { code: 'internal.error', message: 'The contact could not be written.' },
      }
    if (result.suppressed) return 'suppressed'
    return replayed.get(result.email) ?? result.outcome
  })
}

async function replayedOutcomes(
  record: ImportRecord,
  results: UpsertResult[],
): Promise<Map<string, RowOutcome>> {
  const unchanged = results.filter((result) => result.outcome === 'unchanged' && result.contactId)
  const contacts = await getContacts(
    record.orgId,
    unchanged.map((result) => result.contactId as string),
  )
  const outcomes = new Map<string, RowOutcome>()
  for (const contact of contacts) {
    if (!contact) continue
    if (contact.source.importId === record.id) outcomes.set(contact.email, 'created')
    else if (record.options.existing !== 'skip' && record.startedAt && contact.updatedAt >= record.startedAt)
      outcomes.set(contact.email, 'updated')
  }
  return outcomes
}
