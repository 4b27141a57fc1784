import {
  type Campaign,
  type ReportCounts,
  TEMPLATE_ANALYTICS_CAMPAIGNS,
  type TemplateAnalytics,
  type TemplateAnalyticsQuerySchema,
  type TemplateVersionAnalytics,
} from '@app/contracts'
import type * as z from 'zod'
import { AppError } from '../../errors'
import type { OrganizationContext } from '../../organizations/public'
import { getHead } from '../../templates/public'
import { getCampaignRecords } from '../campaigns.repo'
import { ensureTemplateUsesBackfilled, listTemplateUses } from '../template-uses'
import { toCampaignView } from '../view'
import { readAggregates } from './aggregates.repo'
import { countsOf, ratesOf } from './report'

/** Campaigns whose counters are read at once (each read is ~17 queries). */
const READ_CONCURRENCY = 10

const ZERO: ReportCounts = {
  recipients: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  skipped: 0,
  unconfirmed: 0,
  rejected: 0,
  deliveryDelays: 0,
  renderingFailures: 0,
  uniqueOpens: 0,
  totalOpens: 0,
  machineOpens: 0,
  uniqueClicks: 0,
  totalClicks: 0,
  hardBounces: 0,
  softBounces: 0,
  bouncedRecipients: 0,
  complaints: 0,
  unsubscribes: 0,
}

/** Counts added field by field (every field of a report's counts is a count). */
export function sumCounts(all: ReportCounts[]): ReportCounts {
  const sum = { ...ZERO }
  for (const counts of all)
    for (const field of Object.keys(ZERO) as (keyof ReportCounts)[]) sum[field] += counts[field]
  return sum
}

async function inGroups<T, R>(values: T[], size: number, work: (value: T) => Promise<R>): Promise<R[]> {
  const results: R[] = []
  for (let start = 0; start < values.length; start += size)
    results.push(...(await Promise.all(values.slice(start, start + size).map(work))))
  return results
}

interface Sent {
  version: number
  campaign: Campaign
  counts: ReportCounts
}

/** Sent campaigns grouped by the version they pinned, newest version first; campaigns newest started first. */
export function byVersion(sent: Sent[]): TemplateVersionAnalytics[] {
  const groups = new Map<number, Sent[]>()
  for (const entry of sent) groups.set(entry.version, [...(groups.get(entry.version) ?? []), entry])
  return [...groups]
    .sort(([a], [b]) => b - a)
    .map(([version, entries]) => {
      const counts = sumCounts(entries.map((entry) => entry.counts))
      return {
        version,
        campaigns: entries
          .map(({ campaign }) => ({
            id: campaign.id,
            name: campaign.name,
            status: campaign.status,
            startedAt: campaign.startedAt,
          }))
          .sort((a, b) => (b.startedAt ?? '').localeCompare(a.startedAt ?? '') || b.id.localeCompare(a.id)),
        counts,
        rates: ratesOf(counts),
      }
    })
}

/**
 * `GET templates/{id}/analytics`: the campaigns that sent the template (its newest 100 by creation, C8), each
 * one's counts as its report counts them, summed per pinned version and in total, rates from the sums.
 */
export async function getTemplateAnalytics(
  { organizationId }: OrganizationContext,
  templateId: string,
  query: z.output<typeof TemplateAnalyticsQuerySchema>,
): Promise<TemplateAnalytics> {
  // A deleted template keeps its owner pointer until the purge: the same 404 as an unknown one.
  if (!(await getHead(organizationId, templateId)))
    throw new AppError('template.not_found', 'No such template.')
  await ensureTemplateUsesBackfilled(organizationId)
  const { uses, more } = await listTemplateUses(organizationId, templateId, TEMPLATE_ANALYTICS_CAMPAIGNS)
  const records = await getCampaignRecords(
    organizationId,
    uses.map((use) => use.campaignId),
  )
  // A use whose campaign is gone (deleted while a backfill ran) or names another template counts nothing.
  const pinned = records.filter((record) => record.templateId === templateId && record.pinnedVersion !== null)
  const sent = await inGroups(pinned, READ_CONCURRENCY, async (record) => {
    const [campaign, aggregates] = await Promise.all([
      toCampaignView(record),
      readAggregates(organizationId, record.id),
    ])
    return {
      version: record.pinnedVersion ?? 0,
      campaign,
      counts: countsOf(campaign, aggregates, query.machineOpens),
    }
  })
  const counts = sumCounts(sent.map((entry) => entry.counts))
  return {
    templateId,
    machineOpens: query.machineOpens,
    limit: TEMPLATE_ANALYTICS_CAMPAIGNS,
    truncated: more,
    versions: byVersion(sent),
    totals: { campaigns: sent.length, counts, rates: ratesOf(counts) },
  }
}
