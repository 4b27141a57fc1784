import {
  CAMPAIGN_CSV_FILE_NAMES,
  type CampaignCsvOutcome,
  CampaignCsvOutcomeSchema,
  DEFAULT_MACHINE_OPEN_MODE,
  type MachineOpenMode,
  MachineOpenModeSchema,
} from '@app/contracts'
import * as z from 'zod'
import type { ExportSource } from '../../audience/public'
import * as Audience from '../../audience/public'
import { type ExportAnswer, exportRows, type InlineLimits } from '../../audience/public'
import { cursorPosition, encodeCursor } from '../../db/cursor'
import type { OrganizationContext } from '../../organizations/public'
import { requireCampaign } from '../campaigns'
import { outcomeLines } from './csv'
import { SCAN_START, ScanPositionSchema, scanOutcome } from './outcome-rows.repo'

const ParamsSchema = z.object({
  campaignId: z.string(),
  outcome: CampaignCsvOutcomeSchema,
  machineOpens: MachineOpenModeSchema,
})
const PositionSchema = z.object({ shards: ScanPositionSchema }).strict()

/**
 * A campaign's recipients with one outcome (`report-csv.ts` in the contracts), as an export source: the ledger's
 * shards scanned in the database a step at a time, each step's contacts read in one batch for their names. Its
 * cursor (signed, bound to the campaign, outcome and mode) holds where each shard stands, so a job resumes there.
 */
export const campaignContactsSource: ExportSource = {
  kind: 'campaign-contacts',
  pageLimit: 1000,
  async open(orgId, params) {
    const { campaignId, outcome, machineOpens: mode } = ParamsSchema.parse(params)
    // Another organization's, or deleted with its ledger since a job started: a 404, or the job fails with it.
    await requireCampaign(orgId, campaignId)
    const cursorQuery = {
      list: 'campaign-contacts-csv',
      scope: `${orgId}/${campaignId}`,
      filters: { outcome, machineOpens: mode },
    }
    return {
      header: outcomeLines(outcome, mode, [], true),
      async page(cursor, limit) {
        const at = cursorPosition(cursorQuery, cursor, PositionSchema)?.shards ?? SCAN_START
        const step = await scanOutcome(orgId, campaignId, { outcome, mode }, at, limit)
        const contacts = step.recipients.length
          ? await Audience.getContacts(
              orgId,
              step.recipients.map((recipient) => recipient.contactId),
            )
          : []
        const rows = step.recipients.map((recipient, index) => ({ recipient, contact: contacts[index] }))
        return {
          lines: outcomeLines(outcome, mode, rows),
          rows: rows.length,
          cursor: step.position ? encodeCursor(cursorQuery, { shards: step.position }) : null,
        }
      },
    }
  },
}

/**
 * `GET campaigns/{id}/reports/{outcome}-contacts`: the file under the spec's name (404 for another organization's
 * campaign), answered at once when small, else as the export job writing it to S3 (`inline`: tests lower the
 * limits to reach the job with a few rows). `machineOpens` matters to the opened file only.
 */
export async function downloadCampaignContacts(
  context: OrganizationContext,
  campaignId: string,
  {
    outcome,
    machineOpens = DEFAULT_MACHINE_OPEN_MODE,
  }: { outcome: CampaignCsvOutcome; machineOpens?: MachineOpenMode | undefined },
  inline?: InlineLimits,
): Promise<ExportAnswer> {
  return exportRows(
    context,
    campaignContactsSource,
    { params: { campaignId, outcome, machineOpens }, fileName: CAMPAIGN_CSV_FILE_NAMES[outcome] },
    inline,
  )
}
