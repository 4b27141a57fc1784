import { CAMPAIGN_CSV_FILE_NAMES, type CampaignCsvOutcome, type MachineOpenMode } from '@app/contracts'
import { campaignReportRoutes } from '@app/contracts/campaigns/report-routes'
import { useMutation } from '@tanstack/react-query'
import { apiDownload } from '../../../lib/api-client'
import { type ExportResult, exportFile } from '../../../lib/export-file'

/** One of the report's four contact files, as the API names it; `machineOpens` shapes the opened file only. */
function download(
  organizationId: string,
  campaignId: string,
  outcome: CampaignCsvOutcome,
  machineOpens: MachineOpenMode,
) {
  const common = {
    params: { id: campaignId },
    query: { organizationId },
    fallbackFilename: CAMPAIGN_CSV_FILE_NAMES[outcome],
  }
  switch (outcome) {
    case 'opened':
      return apiDownload(campaignReportRoutes.downloadOpenedContacts, {
        ...common,
        query: { organizationId, machineOpens },
      })
    case 'clicked':
      return apiDownload(campaignReportRoutes.downloadClickedContacts, common)
    case 'unsubscribed':
      return apiDownload(campaignReportRoutes.downloadUnsubscribedContacts, common)
    case 'bounced':
      return apiDownload(campaignReportRoutes.downloadBouncedContacts, common)
  }
}

/**
 * Downloads a campaign's contacts with one outcome: the file itself when small, else the export job's file from
 * S3 once written (the same flow as the audience's exports).
 */
export function useDownloadCampaignContacts(organizationId: string, campaignId: string) {
  return useMutation({
    mutationFn: ({
      outcome,
      machineOpens,
    }: {
      outcome: CampaignCsvOutcome
      machineOpens: MachineOpenMode
    }): Promise<ExportResult> =>
      exportFile(organizationId, download(organizationId, campaignId, outcome, machineOpens)),
    meta: { handlesErrors: true },
  })
}
