import { buildOpenApiDocument } from '@app/contracts'
import { endpointGroup } from '../middleware/endpoint-group'

const document = buildOpenApiDocument('/')

export const handler = endpointGroup('docs', {
  getOpenApi: async () => document,
})
