import { buildOpenApiDocument } from '@app/contracts'
import { platformRoutes } from '@app/contracts/platform/routes'
import { endpointGroup } from '../middleware/endpoint-group'

const document = buildOpenApiDocument('/')

export const handler = endpointGroup('docs', platformRoutes, {
  getOpenApi: async () => document,
})
