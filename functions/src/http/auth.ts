import { authRoutes } from '@app/contracts/auth/routes'
import { EmailVerification, PasswordReset } from '@app/core'
import { endpointGroup } from '../middleware/endpoint-group'

/** Public: each call proves itself with an emailed single-use token, or reveals nothing (reset request). */
export const handler = endpointGroup('auth', authRoutes, {
  requestPasswordReset: async ({ body, log }) => {
    await PasswordReset.requestPasswordReset(body.email, log)
    return { accepted: true }
  },
  confirmPasswordReset: ({ body }) => PasswordReset.confirmPasswordReset(body.token, body.password),
  confirmEmailVerification: ({ body }) => EmailVerification.confirmEmailVerification(body.token),
})
