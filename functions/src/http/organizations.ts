import { organizationRoutes } from '@app/contracts/organizations/routes'
import { Organizations, PriceChange } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('organizations', organizationRoutes, {
  createOrganization: ({ actor, body }) => Organizations.createOrganization(actor, body),
  updateOrganization: ({ context, body }) => Organizations.updateOrganization(context, body),
  deleteOrganization: ({ context }) => Organizations.deleteOrganization(context),
  acknowledgePriceChange: ({ context }) => PriceChange.acknowledgePriceChange(context),
})
