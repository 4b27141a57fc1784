import { ENV } from '@app/contracts'
import { coreEnv } from '@app/core/env'
import * as z from 'zod'

const FunctionsEnvSchema = z.object({
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
}
