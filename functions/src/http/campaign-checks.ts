import { campaignCheckRoutes } from '@app/contracts/campaigns/check-routes'
import { CampaignPreflight, CampaignTestSend } from '@app/core/campaigns/public'
import { endpointGroup } from '../middleware/endpoint-group'
import { idempotency } from '../middleware/steps/idempotency'

export const handler = endpointGroup(
  'campaign-checks',
  campaignCheckRoutes,
  {
    getCampaignPreflight: ({ context, params }) => CampaignPreflight.preflight(context, params.id),
    sendCampaignTest: ({ context, params, body }) => CampaignTestSend.sendTest(context, params.id, body),
  },
  { idempotency },
)
