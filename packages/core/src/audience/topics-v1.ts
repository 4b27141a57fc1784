import type {
  CreateTopicBodySchema,
  PublicTopic,
  PublicTopicList,
  Topic,
  UpdateTopicBodySchema,
} from '@app/contracts'
import type * as z from 'zod'
import type { OrganizationContext } from '../organizations/public'
import { createTopic, getTopic, listTopics, updateTopic } from './topics'

/** The public API's topics (`/api/v1/topics`, an API key acting for its organization): the dashboard's own. */

const toPublicTopic = ({ organizationId: _organizationId, ...rest }: Topic): PublicTopic => rest

export async function listPublicTopics(context: OrganizationContext): Promise<PublicTopicList> {
  const list = await listTopics(context)
  return { items: list.items.map(toPublicTopic), nextCursor: list.nextCursor }
}

export const getPublicTopic = async (context: OrganizationContext, id: string): Promise<PublicTopic> =>
  toPublicTopic(await getTopic(context, id))

export const createPublicTopic = async (
  context: OrganizationContext,
  body: z.output<typeof CreateTopicBodySchema>,
): Promise<PublicTopic> => toPublicTopic(await createTopic(context, body))

export const updatePublicTopic = async (
  context: OrganizationContext,
  id: string,
  body: z.output<typeof UpdateTopicBodySchema>,
): Promise<PublicTopic> => toPublicTopic(await updateTopic(context, id, body))
