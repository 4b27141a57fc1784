import { publicEmailRoutes } from '@app/contracts/public-api/email-routes'
import { sendTransactional } from '@app/core/campaigns/public'
import { callerAuthenticators } from '../middleware/api-callers'
import { endpointGroup } from '../middleware/endpoint-group'
import { idempotency } from '../middleware/steps/idempotency'
import { rateLimit } from '../middleware/steps/rate-limit'

export const handler = endpointGroup(
  'public-emails',
  publicEmailRoutes,
  { sendPublicEmail: ({ context, body }) => sendTransactional(context, body) },
  { authenticators: callerAuthenticators, idempotency, rateLimit },
)
