import { ENV } from '@app/contracts'
import { coreEnv } from '@app/core/env'
import * as z from 'zod'

const FunctionsEnvSchema = z.object({
  /** The app client whose ID tokens routes taking API keys verify themselves (`middleware/id-token.ts`). */
  [ENV.userPoolClientId]: z.string().min(1).optional(),
  /** Locally, the Cognito stand-in (the SDK's own variable): its tokens carry this origin as their issuer. */
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: z.url().optional(),
  [ENV.sentryDsn]: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
})

/** Read once at cold start: a missing or malformed variable fails the first invocation loudly. */
const parsed = FunctionsEnvSchema.parse(process.env)
const core = coreEnv()

export const env = {
  ...core,
  sentryDsn: parsed[ENV.sentryDsn],
  userPoolClientId: parsed[ENV.userPoolClientId],
  cognitoEndpoint: parsed.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
}
