import * as z from 'zod'
import { TopicNameSchema } from '../audience/schemas'
import { UlidSchema } from '../ids'
import { JobSchema, JobSummarySchema } from '../jobs/schemas'
import { PageSchema, pageQuery } from '../page'
import { ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import { CampaignIdParamsSchema, CampaignQuerySchema } from './schemas'

/**
 * The five audience actions of a campaign's report (issue 19), each a background job over the campaign's ledger
 * (one item per ledger shard, walking that shard's matching recipients page by page and checkpointing):
 * - `unsubscribe-bounced`: the recipients with a bounce (hard or soft) are unsubscribed from everything, the
 *   consent trail naming the action, the campaign and who ran it;
 * - `delete-bounced`: those contacts are deleted (their suppression entry stays: a re-import leaves them
 *   suppressed);
 * - `topic-opened` / `topic-clicked`: a new topic whose members are the recipients who opened (by a reader: machine
 *   opens, e.g. Apple Mail Privacy Protection, do not count, as in the report's default; a click proves an open) /
 *   clicked, opted in (`OPT_IN`); a suppressed or unsubscribed-from-everything contact is skipped (only the person
 *   can subscribe again) and counted as skipped;
 * - `topic-unsubscribed`: a follow-up topic of the recipients who unsubscribed through this campaign: they are
 *   members kept opted out (`OPT_OUT`), never subscribed.
 */
export const CAMPAIGN_AUDIENCE_ACTIONS = [
  'unsubscribe-bounced',
  'delete-bounced',
  'topic-opened',
  'topic-clicked',
  'topic-unsubscribed',
] as const
export const CampaignAudienceActionSchema = z.enum(CAMPAIGN_AUDIENCE_ACTIONS)
export type CampaignAudienceAction = z.infer<typeof CampaignAudienceActionSchema>

/**
 * What a job item's tally counts (each contact once): `unsubscribed`, `deleted`, `optedIn`, `optedOut` (the
 * action's change was made); `already` (it was so already: unsubscribed from everything, or in the topic with that
 * status); `skipped` (suppressed or unsubscribed from everything: not subscribed); `gone` (the contact no longer
 * exists).
 */
export const ACTION_TALLY_KEYS = [
  'unsubscribed',
  'deleted',
  'optedIn',
  'optedOut',
  'already',
  'skipped',
  'gone',
] as const
export type ActionTallyKey = (typeof ACTION_TALLY_KEYS)[number]

/** The new topic's name; default `Opened “<campaign name>”` (`Clicked …`, `Unsubscribed from …`). */
export const CampaignTopicActionBodySchema = z.object({ name: TopicNameSchema.optional() }).strict()
export type CampaignTopicActionBody = z.input<typeof CampaignTopicActionBodySchema>

export const CampaignAudienceActionResultSchema = z.object({
  /** Poll `GET jobs/{id}`: each item's `tally` says what it did. */
  job: JobSummarySchema,
  /** The topic the job fills (topic actions; null otherwise), created by this call. */
  topic: z.object({ id: z.string(), name: z.string() }).nullable(),
})
export type CampaignAudienceActionResult = z.infer<typeof CampaignAudienceActionResultSchema>

/** A started action, as the report lists it (kept as long as its job: `JOB_RETENTION_DAYS`). */
export const CampaignAudienceActionRunSchema = z.object({
  action: CampaignAudienceActionSchema,
  /** The job with its items: each item's `tally` says what it did. */
  job: JobSchema,
  topic: z.object({ id: z.string(), name: z.string() }).nullable(),
})
export type CampaignAudienceActionRun = z.infer<typeof CampaignAudienceActionRunSchema>
export const CampaignAudienceActionRunListSchema = PageSchema(CampaignAudienceActionRunSchema)
export type CampaignAudienceActionRunList = z.infer<typeof CampaignAudienceActionRunListSchema>
export const CampaignAudienceActionRunQuerySchema = z
  .object({ organizationId: UlidSchema, ...pageQuery({ default: 10, max: 50 }) })
  .strict()

/** The default name of an action's new topic (within the topic name's 100 characters). */
export function defaultTopicName(action: CampaignAudienceAction, campaignName: string): string {
  const prefix =
    action === 'topic-opened' ? 'Opened' : action === 'topic-clicked' ? 'Clicked' : 'Unsubscribed from'
  const room = 100 - prefix.length - 3
  // Cut by UTF-16 units (the name's limit counts them), never inside a surrogate pair.
  const cut = campaignName.slice(0, room - 1).replace(/[\uD800-\uDBFF]$/, '')
  const name = campaignName.length > room ? `${cut}…` : campaignName
  return `${prefix} “${name}”`
}

const actions = {
  group: 'campaign-reports',
  auth: 'user',
  organization: { in: 'query', key: 'organizationId' },
  feature: 'campaigns',
  method: 'POST',
  permission: 'audience.write',
  params: CampaignIdParamsSchema,
  query: CampaignQuerySchema,
  response: CampaignAudienceActionResultSchema,
  status: 202,
} as const
const notSent = 'campaigns.invalid_transition' as const
const topicErrors = ['topic.name_exists', 'topic.limit_reached'] as const

export const campaignAudienceActionRoutes = {
  listCampaignAudienceActions: route({
    method: 'GET',
    path: '/api/campaigns/{id}/audience-actions',
    group: 'campaign-reports',
    summary:
      'The audience actions started from the campaign’s report, newest first, each with its job (status and what each part did) and the topic it filled',
    auth: 'user',
    permission: 'campaigns.read',
    organization: { in: 'query', key: 'organizationId' },
    feature: 'campaigns',
    params: CampaignIdParamsSchema,
    query: CampaignAudienceActionRunQuerySchema,
    response: CampaignAudienceActionRunListSchema,
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found'],
    status: 200,
  }),
  unsubscribeBouncedContacts: route({
    ...actions,
    path: '/api/campaigns/{id}/unsubscribe-bounced-contacts',
    summary:
      'Starts a job that unsubscribes from everything the campaign’s recipients who bounced (hard or soft), recorded on each contact’s consent trail (who, when, this campaign); 409 before the campaign was sent',
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found', notSent],
  }),
  deleteBouncedContacts: route({
    ...actions,
    path: '/api/campaigns/{id}/delete-bounced-contacts',
    summary:
      'Starts a job that deletes the contacts among the campaign’s recipients who bounced (hard or soft); their suppression entries stay, so a re-import leaves them suppressed',
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found', notSent],
  }),
  createTopicWithOpenedContacts: route({
    ...actions,
    path: '/api/campaigns/{id}/create-topic-with-opened-contacts',
    summary:
      'Creates a topic (name from the body, default `Opened “<campaign>”`) and starts a job that opts in the recipients who opened (machine opens excluded; a click proves an open); suppressed or unsubscribed-from-everything contacts are skipped',
    body: CampaignTopicActionBodySchema,
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found', notSent, ...topicErrors],
  }),
  createTopicWithClickedContacts: route({
    ...actions,
    path: '/api/campaigns/{id}/create-topic-with-clicked-contacts',
    summary:
      'Creates a topic (name from the body, default `Clicked “<campaign>”`) and starts a job that opts in the recipients who clicked; suppressed or unsubscribed-from-everything contacts are skipped',
    body: CampaignTopicActionBodySchema,
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found', notSent, ...topicErrors],
  }),
  createTopicWithUnsubscribedContacts: route({
    ...actions,
    path: '/api/campaigns/{id}/create-topic-with-unsubscribed-contacts',
    summary:
      'Creates a follow-up topic (name from the body, default `Unsubscribed from “<campaign>”`) and starts a job that adds the recipients who unsubscribed through the campaign, kept opted out (`OPT_OUT`): nobody is subscribed',
    body: CampaignTopicActionBodySchema,
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found', notSent, ...topicErrors],
  }),
} as const satisfies Record<string, RouteDefinition>
