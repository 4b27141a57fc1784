import { forgetRecipient } from '../../../packages/core/src/campaigns/public'

export const handler = (pk: string) => forgetRecipient(pk)
