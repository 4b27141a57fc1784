import { accountRoutes } from '@app/contracts/account/routes'
import { Accounts, EmailVerification } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

export const handler = endpointGroup('account', accountRoutes, {
  getAccount: ({ actor }) => Accounts.getAccount(actor),
  createAccount: ({ actor, body, log }) => Accounts.createAccount(actor, body, log),
  updateAccount: ({ actor, body }) => Accounts.updateAccount(actor, body),
  deleteAccount: ({ actor }) => Accounts.deleteAccount(actor),
  sendEmailVerification: async ({ actor }) => {
    await EmailVerification.sendEmailVerification(actor)
    return { accepted: true }
  },
})
