import { forgetRecipient } from '../../../packages/core/src/campaigns/sending/engine'

export const handler = (pk: string) => forgetRecipient(pk)
