import { publicCampaignRoutes } from '@app/contracts/public-api/campaign-routes'
import {
  changePublicCampaign,
  createPublicCampaign,
  getPublicCampaign,
  getPublicCampaignReport,
  listPublicCampaigns,
  schedulePublicCampaign,
} from '@app/core/campaigns/public'
import { apiKeyAuthenticator } from '../middleware/api-key-caller'
import { endpointGroup } from '../middleware/endpoint-group'
import { idempotency } from '../middleware/steps/idempotency'
import { rateLimit } from '../middleware/steps/rate-limit'

export const handler = endpointGroup(
  'public-campaigns',
  publicCampaignRoutes,
  {
    listPublicCampaigns: ({ context, query }) => listPublicCampaigns(context, query),
    createPublicCampaign: ({ context, body }) => createPublicCampaign(context, body),
    getPublicCampaign: ({ context, params }) => getPublicCampaign(context, params.id),
    schedulePublicCampaign: ({ context, params, body }) => schedulePublicCampaign(context, params.id, body),
    sendPublicCampaign: ({ context, params }) => changePublicCampaign(context, params.id, 'send'),
    pausePublicCampaign: ({ context, params }) => changePublicCampaign(context, params.id, 'pause'),
    resumePublicCampaign: ({ context, params }) => changePublicCampaign(context, params.id, 'resume'),
    cancelPublicCampaign: ({ context, params }) => changePublicCampaign(context, params.id, 'cancel'),
    getPublicCampaignReport: ({ context, params }) => getPublicCampaignReport(context, params.id),
  },
  { authenticators: { apiKey: apiKeyAuthenticator }, idempotency, rateLimit },
)
