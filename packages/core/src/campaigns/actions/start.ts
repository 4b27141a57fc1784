import {
  type CampaignAudienceAction,
  type CampaignAudienceActionResult,
  type CampaignTopicActionBodySchema,
  defaultTopicName,
  TopicNameSchema,
} from '@app/contracts'
import type * as z from 'zod'
import { principalOf } from '../../actor'
import { createTopicRecord } from '../../audience/public'
import { AppError } from '../../errors'
import { startJob } from '../../jobs/public'
import type { OrganizationContext } from '../../organizations/public'
import { requireCampaign } from '../campaigns'
import { SHARDS } from '../sending/public'
import { toCampaignView } from '../view'
import { recordActionRun } from './runs.repo'
import { ACTION_PLANS } from './tally'

/** A campaign has a ledger (recipients with outcomes) once its send started. */
const NOT_SENT = new Set(['DRAFT', 'SCHEDULED'])

/**
 * Starts one of a campaign's five audience actions (202 with the job; see `CAMPAIGN_AUDIENCE_ACTIONS`): checks the
 * campaign (404 for another organization's), creates the topic of a topic action (so the caller can link to it;
 * a taken name is a 409 with nothing changed), then the job, one item per ledger shard.
 */
export async function startCampaignAudienceAction(
  context: OrganizationContext,
  campaignId: string,
  action: CampaignAudienceAction,
  body: z.output<typeof CampaignTopicActionBodySchema> = {},
): Promise<CampaignAudienceActionResult> {
  const { organizationId: orgId } = context
  const campaign = await toCampaignView(await requireCampaign(orgId, campaignId))
  if (NOT_SENT.has(campaign.status))
    throw new AppError(
      'campaigns.invalid_transition',
      'The campaign was not sent yet: it has no recipients to act on.',
    )
  const plan = ACTION_PLANS[action]
  let topic: CampaignAudienceActionResult['topic'] = null
  if (plan.topicStatus) {
    const fallback = TopicNameSchema.safeParse(defaultTopicName(action, campaign.name))
    const name = body.name ?? (fallback.success ? fallback.data : defaultTopicName(action, 'this campaign'))
    const created = await createTopicRecord(
      orgId,
      {
        name,
        description:
          plan.topicStatus === 'OPT_OUT'
            ? `Follow-up: the recipients who unsubscribed through the campaign ${campaign.name}, kept opted out.`.slice(
                0,
                500,
              )
            : `The recipients of the campaign ${campaign.name} who ${action === 'topic-opened' ? 'opened' : 'clicked'} it.`.slice(
                0,
                500,
              ),
        defaultSubscriptionStatus: 'OPT_OUT',
        doubleOptIn: false,
      },
      principalOf(context.actor),
    )
    topic = { id: created.id, name: created.name }
  }
  const { items: _items, ...job } = await startJob({
    actor: context.actor,
    orgId,
    kind: plan.kind,
    awsAccountId: null,
    items: SHARDS.map((shard) => ({
      key: String(shard),
      label: `Recipients, part ${shard + 1} of ${SHARDS.length}`,
    })),
    params: { action, campaignId, ...(topic ? { topicId: topic.id } : {}) },
  })
  await recordActionRun(orgId, { jobId: job.id, campaignId, action, topic, createdAt: job.createdAt })
  return { job, topic }
}
