import type { CampaignAudienceActionRunList, CampaignAudienceActionRunQuerySchema, Job } from '@app/contracts'
import { UlidSchema } from '@app/contracts'
import * as z from 'zod'
import { cursorPosition, encodeCursor } from '../../db/cursor'
import { AppError } from '../../errors'
import { getJob } from '../../jobs/public'
import type { OrganizationContext } from '../../organizations/public'
import { requireCampaign } from '../campaigns'
import { listActionRuns } from './runs.repo'

const PositionSchema = z.object({ before: UlidSchema }).strict()

/**
 * `GET campaigns/{id}/audience-actions`: the actions the campaign's report started, newest first, each with its
 * job (404 for another organization's campaign). A run whose job has expired is left out.
 */
export async function listCampaignAudienceActions(
  context: OrganizationContext,
  campaignId: string,
  query: z.output<typeof CampaignAudienceActionRunQuerySchema>,
): Promise<CampaignAudienceActionRunList> {
  const orgId = context.organizationId
  await requireCampaign(orgId, campaignId)
  const cursorQuery = { list: 'campaign-audience-actions', scope: `${orgId}/${campaignId}` }
  const position = cursorPosition(cursorQuery, query.cursor, PositionSchema)
  const { runs, more } = await listActionRuns(orgId, campaignId, query.limit, position?.before)
  const jobs = await Promise.all(runs.map((run) => jobOrNull(context, run.jobId)))
  const last = runs.at(-1)
  return {
    items: runs.flatMap((run, index) => {
      const job = jobs[index]
      return job ? [{ action: run.action, job, topic: run.topic }] : []
    }),
    nextCursor: more && last ? encodeCursor(cursorQuery, { before: last.jobId }) : null,
  }
}

async function jobOrNull(context: OrganizationContext, jobId: string): Promise<Job | null> {
  try {
    return await getJob(context, jobId)
  } catch (error) {
    if (error instanceof AppError && error.code === 'job.not_found') return null
    throw error
  }
}
