import { topicRoutes } from '@app/contracts/audience/routes'
import { Topics } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('topics', topicRoutes, {
  listTopics: ({ context }) => Topics.listTopics(context),
  getTopic: ({ context, params }) => Topics.getTopic(context, params.id),
  createTopic: ({ context, body }) => Topics.createTopic(context, body),
  updateTopic: ({ context, params, body }) => Topics.updateTopic(context, params.id, body),
  deleteTopic: ({ context, params }) => Topics.deleteTopic(context, params.id),
})
