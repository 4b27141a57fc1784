import * as z from 'zod'
import { TopicSchema } from '../audience/schemas'
import { UlidSchema } from '../ids'
import { PageSchema } from '../page'

/**
 * Topics on the public API (`/api/v1/topics`), for the API key's own organization: the dashboard's topics (at most
 * 20, unique names), with their counts. Creating and updating take the dashboard's bodies; deleting a topic stays
 * in the dashboard (it removes every contact's preference for it).
 */

export const PublicTopicSchema = TopicSchema.omit({ organizationId: true })
export type PublicTopic = z.infer<typeof PublicTopicSchema>

/** Every topic of the organization, by name, in one page (`nextCursor` always null: at most 20). */
export const PublicTopicListSchema = PageSchema(PublicTopicSchema)
export type PublicTopicList = z.infer<typeof PublicTopicListSchema>

/** `GET /api/v1/topics` takes no parameter (a `cursor` is refused: the list is answered whole). */
export const PublicTopicListQuerySchema = z.object({}).strict()

export const PublicTopicParamsSchema = z.object({ id: UlidSchema }).strict()
