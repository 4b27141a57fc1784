import type {
  CampaignCompare,
  CampaignCompareQuerySchema,
  CampaignReport,
  CampaignReportQuerySchema,
} from '@app/contracts'
import type * as z from 'zod'
import type { OrganizationContext } from '../../organizations/public'
import { campaignNotFound, requireCampaign } from '../campaigns'
import { getCampaignRecords } from '../campaigns.repo'
import { toCampaignView } from '../view'
import { buildReport, compareOf } from './report'

export { contactActivity } from './activity'

/** `GET campaigns/{id}/report`: the campaign's report (404 for another organization's campaign). */
export async function getCampaignReport(
  { organizationId }: OrganizationContext,
  id: string,
  query: z.output<typeof CampaignReportQuerySchema>,
): Promise<CampaignReport> {
  const campaign = await toCampaignView(await requireCampaign(organizationId, id))
  return buildReport(campaign, query.machineOpens)
}

/** `GET campaigns/compare`: 2–10 of the organization's campaigns side by side (404 if any is not its own). */
export async function compareCampaigns(
  { organizationId }: OrganizationContext,
  query: z.output<typeof CampaignCompareQuerySchema>,
): Promise<CampaignCompare> {
  const records = await getCampaignRecords(organizationId, query.ids)
  const byId = new Map(records.map((record) => [record.id, record]))
  const ordered = query.ids.map((id) => byId.get(id))
  if (ordered.some((record) => !record)) throw campaignNotFound()
  const views = await Promise.all(ordered.flatMap((record) => (record ? [toCampaignView(record)] : [])))
  return compareOf(views, query.machineOpens)
}
