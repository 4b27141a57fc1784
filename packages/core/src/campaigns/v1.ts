import {
  type Campaign,
  type CampaignAction,
  campaignProgress,
  type PublicCampaign,
  type PublicCampaignList,
  type PublicCampaignListQuerySchema,
  type PublicCampaignReport,
  type PublicCreateCampaignBodySchema,
  type PublicScheduleBodySchema,
} from '@app/contracts'
import type * as z from 'zod'
import { listConnections } from '../aws-accounts/public'
import { AppError } from '../errors'
import type { OrganizationContext } from '../organizations/public'
import { createCampaign, getCampaign, listCampaigns, requireCampaign } from './campaigns'
import { getCampaignReport } from './reports/api'
import { applyAction } from './transitions'

/**
 * The public API's campaign operations (`/api/v1/campaigns`, an API key acting for its organization): the
 * dashboard's own functions and state rules, answered with each campaign's progress as the dashboard shows it.
 */

export function toPublicCampaign(campaign: Campaign): PublicCampaign {
  const { organizationId: _organizationId, ...rest } = campaign
  return { ...rest, progress: campaignProgress(campaign.counts) }
}

/**
 * The AWS account a public call sends through: the one it names, or the organization's only connected one (a
 * 404 without any, a 400 asking to name one among several).
 */
export async function awsAccountFor(orgId: string, awsAccountId: string | undefined): Promise<string> {
  if (awsAccountId) return awsAccountId
  const connections = await listConnections(orgId)
  const [only] = connections
  if (connections.length === 1 && only) return only.id
  if (!only)
    throw new AppError(
      'aws_account.not_found',
      'The organization has no AWS account connected: connect one first.',
    )
  throw new AppError(
    'request.invalid',
    'body.awsAccountId: the organization has several AWS accounts connected: name the one to send through.',
  )
}

export async function listPublicCampaigns(
  context: OrganizationContext,
  query: z.output<typeof PublicCampaignListQuerySchema>,
): Promise<PublicCampaignList> {
  const page = await listCampaigns(context, { ...query, organizationId: context.organizationId })
  return { items: page.items.map(toPublicCampaign), nextCursor: page.nextCursor }
}

export async function createPublicCampaign(
  context: OrganizationContext,
  body: z.output<typeof PublicCreateCampaignBodySchema>,
): Promise<PublicCampaign> {
  const { awsAccountId, ...fields } = body
  const account = await awsAccountFor(context.organizationId, awsAccountId)
  return toPublicCampaign(await createCampaign(context, account, fields))
}

export async function getPublicCampaign(context: OrganizationContext, id: string): Promise<PublicCampaign> {
  return toPublicCampaign(await getCampaign(context, id))
}

/** A state change by the dashboard's rules (409 `campaigns.invalid_transition` when the status does not allow it). */
export async function changePublicCampaign(
  context: OrganizationContext,
  id: string,
  action: Exclude<CampaignAction, 'schedule' | 'retryFailed' | 'retryUnconfirmed'>,
): Promise<PublicCampaign> {
  const record = await requireCampaign(context.organizationId, id)
  return toPublicCampaign(await applyAction(context, record, action))
}

/** Schedules a draft at the time given (set with the change) or at its own. */
export async function schedulePublicCampaign(
  context: OrganizationContext,
  id: string,
  body: z.output<typeof PublicScheduleBodySchema>,
): Promise<PublicCampaign> {
  const record = await requireCampaign(context.organizationId, id)
  return toPublicCampaign(await applyAction(context, record, 'schedule', { schedule: body.schedule }))
}

/** The report's counts and rates (machine opens left out, the dashboard's default). */
export async function getPublicCampaignReport(
  context: OrganizationContext,
  id: string,
): Promise<PublicCampaignReport> {
  const report = await getCampaignReport(context, id, {
    organizationId: context.organizationId,
    machineOpens: 'exclude',
  })
  return { id, status: report.status, counts: report.counts, rates: report.rates }
}
