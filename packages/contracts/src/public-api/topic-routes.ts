import { CreateTopicBodySchema, UpdateTopicBodySchema } from '../audience/schemas'
import { ORGANIZATION_ERRORS, type RouteDefinition, route } from '../route-definition'
import { keyed } from './keyed'
import {
  PublicTopicListQuerySchema,
  PublicTopicListSchema,
  PublicTopicParamsSchema,
  PublicTopicSchema,
} from './topics'

const topics = <S extends 'topics:read' | 'topics:write'>(scope: S) => keyed('public-audience', scope)

/** Topics on the public API (issue 30): the dashboard's topics, for the key's organization. */
export const publicTopicRoutes = {
  listPublicTopics: route({
    ...topics('topics:read'),
    method: 'GET',
    path: '/api/v1/topics',
    summary: 'The organization’s topics by name, with their counts, in one page (at most 20)',
    query: PublicTopicListQuerySchema,
    response: PublicTopicListSchema,
    errors: [...ORGANIZATION_ERRORS],
    status: 200,
  }),
  createPublicTopic: route({
    ...topics('topics:write'),
    method: 'POST',
    path: '/api/v1/topics',
    summary:
      'Create a topic: a name unique in the organization, a description, its default status (OPT_OUT unless told) and double opt-in',
    body: CreateTopicBodySchema,
    response: PublicTopicSchema,
    errors: [...ORGANIZATION_ERRORS, 'topic.name_exists', 'topic.limit_reached'],
    status: 201,
    idempotent: true,
  }),
  getPublicTopic: route({
    ...topics('topics:read'),
    method: 'GET',
    path: '/api/v1/topics/{id}',
    summary: 'A topic with its counts (subscribed, unsubscribed, pending, total)',
    params: PublicTopicParamsSchema,
    response: PublicTopicSchema,
    errors: [...ORGANIZATION_ERRORS, 'topic.not_found'],
    status: 200,
  }),
  updatePublicTopic: route({
    ...topics('topics:write'),
    method: 'PATCH',
    path: '/api/v1/topics/{id}',
    summary:
      'Rename a topic, change its description, default status (every contact without an explicit preference follows) or double opt-in',
    params: PublicTopicParamsSchema,
    body: UpdateTopicBodySchema,
    response: PublicTopicSchema,
    errors: [...ORGANIZATION_ERRORS, 'topic.not_found', 'topic.name_exists', 'topic.deleting'],
    status: 200,
  }),
} as const satisfies Record<string, RouteDefinition>
