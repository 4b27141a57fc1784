import * as z from 'zod'

/**
 * Who made a change, as records and events keep it: a signed-in user, an organization's API key, the platform
 * itself (a worker, a schedule, the sending engine), or a public caller that proved itself with a token (a
 * recipient's signed unsubscribe link). Never a secret: the audit log and webhooks show it.
 */
export const PrincipalSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), accountId: z.string().min(1), email: z.string() }),
  z.object({ type: z.literal('apiKey'), keyId: z.string().min(1) }),
  z.object({ type: z.literal('system'), name: z.string().min(1) }),
  z.object({ type: z.literal('token'), proof: z.string().min(1), subject: z.string().min(1) }),
])
export type Principal = z.infer<typeof PrincipalSchema>

/** How the app names who made a change: a user's email, the API key, the platform. */
export function principalName(principal: Principal): string {
  switch (principal.type) {
    case 'user':
      return principal.email
    case 'apiKey':
      return `API key ${principal.keyId}`
    case 'system':
      return 'System'
    case 'token':
      return principal.proof === 'unsubscribe' ? 'The recipient' : 'A signed link'
  }
}
