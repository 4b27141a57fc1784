import { apiKeyRoutes } from '@app/contracts/api-keys/routes'
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
  updateApiKey,
} from '@app/core/api-keys/public'
import { endpointGroup } from '../middleware/endpoint-group'

/** The organization's API keys in the dashboard: signed-in owners and admins only (a key never manages keys). */
export const handler = endpointGroup('api-keys', apiKeyRoutes, {
  listApiKeys: ({ context, query }) => listApiKeys(context, query),
  createApiKey: ({ context, body }) => createApiKey(context, body),
  updateApiKey: ({ context, params, body }) => updateApiKey(context, params.id, body),
  rotateApiKey: ({ context, params, body }) => rotateApiKey(context, params.id, body),
  revokeApiKey: ({ context, params }) => revokeApiKey(context, params.id),
})
