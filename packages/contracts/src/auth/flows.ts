import * as z from 'zod'
import { EmailSchema, PasswordSchema } from './schemas'

/** Our own reset link works for verified and unverified addresses alike (Cognito's ForgotPassword does not). */
export const RequestPasswordResetBodySchema = z.object({ email: EmailSchema }).strict()
export const ConfirmPasswordResetBodySchema = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'This link is not valid.' }),
    password: PasswordSchema,
  })
  .strict()
export const ConfirmEmailVerificationBodySchema = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'This link is not valid.' }) })
  .strict()

export const AcceptedSchema = z.object({ accepted: z.literal(true) })
