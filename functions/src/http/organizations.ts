import { Organizations, PriceChange } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('organizations', {
  createOrganization: ({ actor, body }) => Organizations.createOrganization(actor, body),
  updateOrganization: ({ actor, params, body }) => Organizations.updateOrganization(actor, params.id, body),
  deleteOrganization: ({ actor, params }) => Organizations.deleteOrganization(actor, params.id),
  acknowledgePriceChange: ({ actor, params }) => PriceChange.acknowledgePriceChange(actor, params.id),
})
