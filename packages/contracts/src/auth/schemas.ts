import * as z from 'zod'
import { EMAIL_PATTERN, emailAddress } from '../email-address'

/** Cognito's default password policy, enforced in the user pool, the local Cognito proxy and the UI. */
export const PASSWORD_POLICY = {
  minimumLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const

/** Cognito's symbols: ^ $ * . [ ] { } ( ) ? " ! @ # % & / \\ , > < ' : ; | _ ~ ` = + - */
const SYMBOL_CLASS = '[\\^$*.[\\]{}()?"!@#%&/\\\\,><\':;|_~`=+-]'
const SYMBOL = new RegExp(SYMBOL_CLASS)
export const PASSWORD_MAX_LENGTH = 256

export function passwordProblems(password: string): string[] {
  const problems: string[] = []
  if (password.length < PASSWORD_POLICY.minimumLength)
    problems.push(`at least ${PASSWORD_POLICY.minimumLength} characters`)
  if (!/[a-z]/.test(password)) problems.push('a lower-case letter')
  if (!/[A-Z]/.test(password)) problems.push('an upper-case letter')
  if (!/[0-9]/.test(password)) problems.push('a digit')
  if (!SYMBOL.test(password)) problems.push('a symbol')
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(`at most ${PASSWORD_MAX_LENGTH} characters`)
  return problems
}

export function describePasswordProblems(problems: string[]): string {
  return `Password must contain ${problems.join(', ')}.`
}

export const PasswordSchema = z
  .string()
  .superRefine((value, ctx) => {
    const problems = passwordProblems(value)
    if (problems.length > 0) ctx.addIssue({ code: 'custom', message: describePasswordProblems(problems) })
  })
  // The same rules, as the OpenAPI document states them.
  .meta({
    minLength: PASSWORD_POLICY.minimumLength,
    maxLength: PASSWORD_MAX_LENGTH,
    pattern: `^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*${SYMBOL_CLASS})`,
    description:
      'At least 8 characters with a lower-case letter, an upper-case letter, a digit and a symbol.',
  })

export const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(emailAddress())
  .transform((email) => email.toLowerCase())
  .meta({ format: 'email', pattern: EMAIL_PATTERN.source })

/** The `callback` cookie remembers where a signed-out visitor was going (spec §2), for one day. */
export const CALLBACK_COOKIE = 'callback'
export const CALLBACK_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60

/** Our own links (password reset, email verification) live this long. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60
export const EMAIL_VERIFICATION_TTL_SECONDS = 7 * 24 * 60 * 60

/** Runtime configuration the SPA reads from `/app-config.json` (served by CloudFront/S3 or the local stack). */
export const AppConfigSchema = z.object({
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Only locally: the Cognito proxy in front of cognito-local. */
  userPoolEndpoint: z.string().optional(),
  /** Hosted-UI domain, present only when Google sign-in is configured. */
  oauthDomain: z.string().optional(),
  googleSignIn: z.boolean(),
  apiBaseUrl: z.string(),
  sentryDsn: z.string().optional(),
  /** The operator's company email domain: its people see the Admin Panel entry (the API checks admin rights). */
  adminEmailDomain: z.string().optional(),
  stage: z.string(),
})
export type AppConfig = z.infer<typeof AppConfigSchema>
export const APP_CONFIG_PATH = '/app-config.json'
