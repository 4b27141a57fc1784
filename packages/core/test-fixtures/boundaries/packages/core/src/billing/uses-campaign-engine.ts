import { forgetRecipient } from '../campaigns/sending/engine'

export const reachIntoCampaigns = (pk: string) => forgetRecipient(pk)
