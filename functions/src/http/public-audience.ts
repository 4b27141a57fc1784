import { publicContactRoutes } from '@app/contracts/public-api/contact-routes'
import { publicTopicRoutes } from '@app/contracts/public-api/topic-routes'
import {
  createPublicTopic,
  deletePublicContact,
  getPublicContact,
  getPublicTopic,
  listPublicContacts,
  listPublicTopics,
  unsubscribePublicContact,
  updatePublicContactSubscriptions,
  updatePublicTopic,
  upsertPublicContact,
  upsertPublicContacts,
} from '@app/core/audience/public'
import { apiKeyAuthenticator } from '../middleware/api-key-caller'
import { endpointGroup } from '../middleware/endpoint-group'
import { idempotency } from '../middleware/steps/idempotency'
import { rateLimit } from '../middleware/steps/rate-limit'

export const handler = endpointGroup(
  'public-audience',
  { ...publicContactRoutes, ...publicTopicRoutes },
  {
    upsertPublicContact: ({ context, body }) => upsertPublicContact(context, body),
    upsertPublicContacts: ({ context, body }) => upsertPublicContacts(context, body),
    listPublicContacts: ({ context, query }) => listPublicContacts(context, query),
    getPublicContact: ({ context, params }) => getPublicContact(context, params.id),
    deletePublicContact: ({ context, params }) => deletePublicContact(context, params.id),
    updatePublicContactSubscriptions: ({ context, params, body }) =>
      updatePublicContactSubscriptions(context, params.id, body),
    unsubscribePublicContact: ({ context, params }) => unsubscribePublicContact(context, params.id),
    listPublicTopics: ({ context }) => listPublicTopics(context),
    createPublicTopic: ({ context, body }) => createPublicTopic(context, body),
    getPublicTopic: ({ context, params }) => getPublicTopic(context, params.id),
    updatePublicTopic: ({ context, params, body }) => updatePublicTopic(context, params.id, body),
  },
  { authenticators: { apiKey: apiKeyAuthenticator }, idempotency, rateLimit },
)
