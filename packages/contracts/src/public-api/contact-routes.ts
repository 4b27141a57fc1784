import { ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import {
  CONTACT_BATCH_MAX,
  PublicContactBatchBodySchema,
  PublicContactBatchResultSchema,
  PublicContactDetailSchema,
  PublicContactListQuerySchema,
  PublicContactListSchema,
  PublicContactParamsSchema,
  PublicContactUpsertResultSchema,
  PublicContactUpsertSchema,
  PublicSubscriptionsBodySchema,
} from './contacts'
import { keyed } from './keyed'

const contacts = <S extends 'contacts:read' | 'contacts:write'>(scope: S) => keyed('public-audience', scope)

/** What writing a contact's subscriptions can be refused with. */
const SUBSCRIPTION_ERRORS = ['contact.suppressed', 'topic.not_found', 'topic.deleting'] as const

/** Contacts on the public API (issue 30): the dashboard's audience, for the key's organization. */
export const publicContactRoutes = {
  upsertPublicContact: route({
    ...contacts('contacts:write'),
    method: 'POST',
    path: '/api/v1/contacts',
    summary:
      'Create or update a contact by its email: fields left out are kept, the attributes sent are set, each topic sent gets its status (consent trail source `api`); answers whether it was created, updated or unchanged',
    body: PublicContactUpsertSchema,
    response: PublicContactUpsertResultSchema,
    errors: [...ORGANIZATION_ERRORS, 'contact.limit_reached', 'topic.not_found', 'topic.deleting'],
    status: 200,
    idempotent: true,
  }),
  upsertPublicContacts: route({
    ...contacts('contacts:write'),
    method: 'POST',
    path: '/api/v1/contacts/batch',
    summary: `Upsert 1–${CONTACT_BATCH_MAX.toLocaleString('en')} contacts by email in one call, as the single upsert does each; every item gets its own result in the request’s order (an invalid item, or one past the organization’s contact limit, fails alone: the others are written)`,
    body: PublicContactBatchBodySchema,
    response: PublicContactBatchResultSchema,
    errors: [...ORGANIZATION_ERRORS],
    status: 200,
    idempotent: true,
    maxBodyBytes: 2 * 1024 * 1024,
  }),
  listPublicContacts: route({
    ...contacts('contacts:read'),
    method: 'GET',
    path: '/api/v1/contacts',
    summary:
      'Contacts by email, filtered like SES ListContacts (searchQuery, topicId with optIn/optOut/pending, optInByDefault, defaultStatus, unsubscribeAll), by cursor; a filtered page may come back short with a `nextCursor`',
    query: PublicContactListQuerySchema,
    response: PublicContactListSchema,
    errors: [...ORGANIZATION_ERRORS, 'topic.not_found'],
    status: 200,
  }),
  getPublicContact: route({
    ...contacts('contacts:read'),
    method: 'GET',
    path: '/api/v1/contacts/{id}',
    summary:
      'A contact, by its id or its email address: its effective subscription to every topic, attributes, consent trail and suppression',
    params: PublicContactParamsSchema,
    response: PublicContactDetailSchema,
    errors: [...ORGANIZATION_ERRORS, 'contact.not_found'],
    status: 200,
  }),
  deletePublicContact: route({
    ...contacts('contacts:write'),
    method: 'DELETE',
    path: '/api/v1/contacts/{id}',
    summary:
      'Delete a contact, by its id or its email address (a suppressed address stays suppressed: upserting it again does not subscribe it)',
    params: PublicContactParamsSchema,
    errors: [...ORGANIZATION_ERRORS, 'contact.not_found'],
    status: 204,
  }),
  updatePublicContactSubscriptions: route({
    ...contacts('contacts:write'),
    method: 'POST',
    path: '/api/v1/contacts/{id}/subscriptions',
    summary:
      'Opt a contact in or out of topics (null: back to the topic’s default), recorded on its consent trail with the source `api`; subscribing a suppressed address or a topic the person left is 409 `contact.suppressed`',
    params: PublicContactParamsSchema,
    body: PublicSubscriptionsBodySchema,
    response: PublicContactDetailSchema,
    errors: [...ORGANIZATION_ERRORS, 'contact.not_found', ...SUBSCRIPTION_ERRORS],
    status: 200,
    idempotent: true,
  }),
  unsubscribePublicContact: route({
    ...contacts('contacts:write'),
    method: 'POST',
    path: '/api/v1/contacts/{id}/unsubscribe',
    summary:
      'Unsubscribe a contact from everything (`unsubscribeAll`; it is mailed by no topic), recorded on its consent trail with the source `api`',
    params: PublicContactParamsSchema,
    response: PublicContactDetailSchema,
    errors: [...ORGANIZATION_ERRORS, 'contact.not_found'],
    status: 200,
    idempotent: true,
  }),
} as const satisfies Record<string, RouteDefinition>
