import type { FunctionAccess } from '@app/contracts'

/**
 * Campaign reports: the table (the campaign, its ledger's counters and the report's aggregates, the contacts'
 * names for the CSV downloads and the export record of a large one); the contact-transfer queue, where a download
 * too large to answer at once goes as an export job (the worker writes the file; this function presigns nothing);
 * the jobs queue, where the audience actions queue their job.
 */
export const access = {
  table: true,
  sendsMail: false,
  administersUsers: false,
  sendsTo: ['contactTransfer', 'jobs'],
  stripe: false,
  customerAws: false,
} as const satisfies FunctionAccess
