import { campaignRoutes } from '@app/contracts/campaigns/routes'
import { CampaignSenderDefaults, Campaigns } from '@app/core/campaigns/public'
import { endpointGroup } from '../middleware/endpoint-group'
import { idempotency } from '../middleware/steps/idempotency'

export const handler = endpointGroup(
  'campaigns',
  campaignRoutes,
  {
    listCampaigns: ({ context, query }) => Campaigns.listCampaigns(context, query),
    getCampaignSenderDefaults: ({ context }) => CampaignSenderDefaults.getSenderDefaults(context),
    createCampaign: ({ context, query, body }) => Campaigns.createCampaign(context, query.awsAccountId, body),
    getCampaign: ({ context, params }) => Campaigns.getCampaign(context, params.id),
    updateCampaign: ({ context, params, body }) => Campaigns.updateCampaign(context, params.id, body),
    deleteCampaign: ({ context, params }) => Campaigns.deleteCampaign(context, params.id),
    duplicateCampaign: ({ context, params }) => Campaigns.duplicateCampaign(context, params.id),
    listCampaignRecipients: ({ context, params, query }) =>
      Campaigns.listRecipients(context, params.id, query),
  },
  { idempotency },
)
