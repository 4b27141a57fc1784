import * as z from 'zod'
import { UlidSchema } from '../ids'
import { CampaignReportQuerySchema } from './report'

/**
 * The report's four contact downloads (spec §7, §9): the recipients of a campaign with one outcome, as CSV (CRLF,
 * every formula-looking cell — `= + - @`, tab, CR first — escaped by a leading quote, like the audience export).
 * Small files are answered at once; larger ones (over `INLINE_EXPORT_ROWS` rows or `INLINE_EXPORT_BYTES`) answer
 * 202 with the export job (`ContactExport`) writing the same file to S3 under the same name: poll
 * `GET contacts/export/{id}` until its `downloadUrl`.
 */
export const CAMPAIGN_CSV_OUTCOMES = ['opened', 'clicked', 'unsubscribed', 'bounced'] as const
export const CampaignCsvOutcomeSchema = z.enum(CAMPAIGN_CSV_OUTCOMES)
export type CampaignCsvOutcome = z.infer<typeof CampaignCsvOutcomeSchema>

export const CAMPAIGN_CSV_FILE_NAMES = {
  opened: 'campaign-opened-contacts.csv',
  clicked: 'campaign-clicked-contacts.csv',
  unsubscribed: 'campaign-unsubscribed-contacts.csv',
  bounced: 'campaign-bounced-contacts.csv',
} as const satisfies Record<CampaignCsvOutcome, string>

/**
 * The columns of each file. Every file starts with the recipient's address (the one the campaign was sent to)
 * and the contact's names as they are now (empty once the contact is deleted), named as the audience export and
 * import name them; times are ISO 8601 in UTC (the first of each kind, by SES's own timestamps).
 * - opened: `firstOpenedAt` (with machine opens left out, the reader's first open), `opens` (every open tracked,
 *   machine opens included), `machineOpens`, `firstOpenByMachine` (the very first open was Apple Mail Privacy
 *   Protection's or a scanner's: `true`/`false`);
 * - clicked: `firstClickedAt`, `firstLink` (the link of that click), `clicks` (every click of the recipient);
 * - unsubscribed: `unsubscribedAt` (through the campaign's link);
 * - bounced: `bouncedAt`, `bounceType` (`Permanent`, `Transient`, `Undetermined`: the hard bounce when there was
 *   one), `bounceSubType` (SES's, e.g. `General`, `MailboxFull`).
 */
export const CAMPAIGN_CSV_COLUMNS = {
  opened: ['email', 'firstName', 'lastName', 'firstOpenedAt', 'opens', 'machineOpens', 'firstOpenByMachine'],
  clicked: ['email', 'firstName', 'lastName', 'firstClickedAt', 'firstLink', 'clicks'],
  unsubscribed: ['email', 'firstName', 'lastName', 'unsubscribedAt'],
  bounced: ['email', 'firstName', 'lastName', 'bouncedAt', 'bounceType', 'bounceSubType'],
} as const satisfies Record<CampaignCsvOutcome, readonly string[]>

/**
 * The opened file follows the report: `machineOpens=exclude` (the default) lists the recipients a reader opened
 * (a click counts as an open), leaving out those only a machine opened; `include` lists every recipient opened.
 */
export const CampaignOpenedCsvQuerySchema = CampaignReportQuerySchema
export const CampaignContactsCsvQuerySchema = z.object({ organizationId: UlidSchema }).strict()
