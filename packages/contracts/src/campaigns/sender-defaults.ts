import * as z from 'zod'
import { CampaignSenderSchema } from './schemas'

/**
 * `GET campaigns/sender-defaults`: the sender details last saved on one of the organization's campaigns (created
 * with a sender, or its Sender step saved), which a new campaign's Sender step starts from. The From address is
 * offered only while it is a verified identity of the AWS account the new campaign sends through.
 */
export const CampaignSenderDefaultsSchema = z.object({
  sender: CampaignSenderSchema.nullable().meta({
    description: 'The last saved From address, From name, Reply-To and postal address; null before any.',
  }),
  savedAt: z.iso.datetime().nullable(),
})
export type CampaignSenderDefaults = z.infer<typeof CampaignSenderDefaultsSchema>
