import { publicEmailRoutes } from '@app/contracts/public-api/email-routes'
import { sendTransactional } from '@app/core/campaigns/public'
import { apiKeyAuthenticator } from '../middleware/api-key-caller'
import { endpointGroup } from '../middleware/endpoint-group'
import { idempotency } from '../middleware/steps/idempotency'
import { rateLimit } from '../middleware/steps/rate-limit'

export const handler = endpointGroup(
  'public-emails',
  publicEmailRoutes,
  { sendPublicEmail: ({ context, body }) => sendTransactional(context, body) },
  { authenticators: { apiKey: apiKeyAuthenticator }, idempotency, rateLimit },
)
