import { AWS_ERRORS, ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import { RecipientListQuerySchema, RecipientListSchema } from './recipients'
import { ContactActivityListSchema, ContactActivityParamsSchema, ContactActivityQuerySchema } from './report'
import {
  CampaignIdParamsSchema,
  CampaignListQuerySchema,
  CampaignListSchema,
  CampaignQuerySchema,
  CampaignSchema,
  CreateCampaignBodySchema,
  CreateCampaignQuerySchema,
  PatchCampaignBodySchema,
} from './schemas'
import { CampaignSenderDefaultsSchema } from './sender-defaults'

const organization = { in: 'query', key: 'organizationId' } as const
const common = {
  group: 'campaigns',
  auth: 'user',
  organization,
  feature: 'campaigns',
} as const
/** What choosing an AWS account, a sender, a template and topics can be refused with. */
const REFERENCE_ERRORS = [
  'aws_account.not_found',
  'email_identity.not_verified',
  'template.not_found',
  'topic.not_found',
] as const

/** Campaigns (spec §7 Campaigns), gated to Team plans (spec §6). */
export const campaignRoutes = {
  listCampaigns: route({
    ...common,
    method: 'GET',
    path: '/api/campaigns',
    summary:
      "The organization's campaigns, newest first, a numbered page at a time with the total count; `q` searches names, `status` filters",
    permission: 'campaigns.read',
    query: CampaignListQuerySchema,
    response: CampaignListSchema,
    errors: [...ORGANIZATION_ERRORS],
    status: 200,
  }),
  getCampaignSenderDefaults: route({
    ...common,
    method: 'GET',
    path: '/api/campaigns/sender-defaults',
    summary:
      'The sender details (From address and name, Reply-To, postal address) last saved on one of the organization’s campaigns: what a new campaign’s sender starts from',
    permission: 'campaigns.read',
    query: CampaignQuerySchema,
    response: CampaignSenderDefaultsSchema,
    errors: [...ORGANIZATION_ERRORS],
    status: 200,
  }),
  createCampaign: route({
    ...common,
    method: 'POST',
    path: '/api/campaigns',
    summary:
      'Create a draft campaign on one of the organization’s AWS connections (sender, template and topics may come later)',
    permission: 'campaigns.write',
    query: CreateCampaignQuerySchema,
    body: CreateCampaignBodySchema,
    response: CampaignSchema,
    errors: [...ORGANIZATION_ERRORS, ...REFERENCE_ERRORS],
    status: 201,
    idempotent: true,
  }),
  getCampaign: route({
    ...common,
    method: 'GET',
    path: '/api/campaigns/{id}',
    summary: 'A campaign with its status, pause reason and the ledger’s counts',
    permission: 'campaigns.read',
    params: CampaignIdParamsSchema,
    query: CampaignQuerySchema,
    response: CampaignSchema,
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found'],
    status: 200,
  }),
  updateCampaign: route({
    ...common,
    method: 'PATCH',
    path: '/api/campaigns/{id}',
    summary:
      'Edit a DRAFT or SCHEDULED campaign, or change its state with `{ action }` (schedule, send, pause, resume, cancel, retryFailed, retryUnconfirmed); 409 for a change its status does not allow',
    permission: 'campaigns.write',
    params: CampaignIdParamsSchema,
    query: CampaignQuerySchema,
    body: PatchCampaignBodySchema,
    response: CampaignSchema,
    errors: [
      ...ORGANIZATION_ERRORS,
      ...REFERENCE_ERRORS,
      'campaigns.not_found',
      'campaigns.invalid_transition',
      'campaigns.preflight_refused',
      'campaigns.schedule_invalid',
      'version.conflict',
      ...AWS_ERRORS,
    ],
    status: 200,
  }),
  deleteCampaign: route({
    ...common,
    method: 'DELETE',
    path: '/api/campaigns/{id}',
    summary: 'Delete a campaign that is not being sent (SENDING or PAUSED: cancel it first)',
    permission: 'campaigns.write',
    params: CampaignIdParamsSchema,
    query: CampaignQuerySchema,
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found', 'campaigns.in_progress'],
    status: 204,
  }),
  duplicateCampaign: route({
    ...common,
    method: 'POST',
    path: '/api/campaigns/{id}/duplicate',
    summary:
      'Copy a campaign into a new draft (name, account, sender, template, topics, choices; no schedule)',
    permission: 'campaigns.write',
    params: CampaignIdParamsSchema,
    query: CampaignQuerySchema,
    response: CampaignSchema,
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found'],
    status: 201,
  }),
  listCampaignRecipients: route({
    ...common,
    method: 'GET',
    path: '/api/campaigns/{id}/recipients',
    summary:
      'The campaign’s per-recipient ledger (status, reason, SES message id, delivery, open, click, bounce, complaint and unsubscribe times), optionally one status or outcome and an email prefix `q`, by cursor',
    permission: 'campaigns.read',
    params: CampaignIdParamsSchema,
    query: RecipientListQuerySchema,
    response: RecipientListSchema,
    errors: [...ORGANIZATION_ERRORS, 'campaigns.not_found'],
    status: 200,
  }),
} as const satisfies Record<string, RouteDefinition>

/** A contact's campaign history, served by the contacts group (Team plans: it reads campaigns). */
export const contactActivityRoutes = {
  getContactActivity: route({
    method: 'GET',
    path: '/api/contacts/{id}/activity',
    group: 'contacts',
    summary:
      'What happened to the contact in each campaign (sent, delivered, opened, clicked, bounced, complained, unsubscribed, failed, skipped), newest first, by cursor',
    auth: 'user',
    permission: 'audience.read',
    organization,
    feature: 'campaigns',
    params: ContactActivityParamsSchema,
    query: ContactActivityQuerySchema,
    response: ContactActivityListSchema,
    errors: [...ORGANIZATION_ERRORS, 'contact.not_found'],
    status: 200,
  }),
} as const satisfies Record<string, RouteDefinition>
