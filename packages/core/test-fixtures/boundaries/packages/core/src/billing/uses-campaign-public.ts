import { forgetRecipient } from '../campaigns/public'

export const askCampaigns = (pk: string) => forgetRecipient(pk)
