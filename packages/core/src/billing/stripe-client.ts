import { ENV, replaceUnsafeCharacters } from '@app/contracts'
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager'
import Stripe from 'stripe'
import * as z from 'zod'
import { AppError } from '../errors'
import { createLogger } from '../log'
import { stripeEnv } from './env'

const log = createLogger({ service: 'billing' })

const StripeSecretsSchema = z.object({
  secretKey: z.string().startsWith('sk_'),
  webhookSecret: z.string().startsWith('whsec_'),
})
export type StripeSecrets = z.infer<typeof StripeSecretsSchema>

let secrets: Promise<StripeSecrets> | undefined
let client: Promise<Stripe> | undefined

/**
 * Deployed: one Secrets Manager secret (`STRIPE_SECRET_ARN`) read once per cold start. Locally: the stand-in's
 * keys straight from the environment. The keys never leave this module except into the SDK.
 */
async function loadSecrets(): Promise<StripeSecrets> {
  const env = stripeEnv()
  const arn = env.secretArn
  if (arn) {
    const manager = new SecretsManagerClient({})
    try {
      const { SecretString } = await manager.send(new GetSecretValueCommand({ SecretId: arn }))
      const parsed = StripeSecretsSchema.safeParse(JSON.parse(SecretString ?? '{}'))
      if (!parsed.success)
        throw new Error('The Stripe secret must hold "secretKey" (sk_…) and "webhookSecret" (whsec_…).')
      return parsed.data
    } finally {
      manager.destroy()
    }
  }
  const parsed = StripeSecretsSchema.safeParse({
    secretKey: env.secretKey,
    webhookSecret: env.webhookSecret,
  })
  if (!parsed.success) {
    throw new Error(
      `Stripe is not configured: set ${ENV.stripeSecretArn}, or ${ENV.stripeSecretKey} and ${ENV.stripeWebhookSecret}.`,
    )
  }
  return parsed.data
}

export function stripeSecrets(): Promise<StripeSecrets> {
  secrets ??= loadSecrets().catch((error: unknown) => {
    secrets = undefined
    throw error
  })
  return secrets
}

/** Where the SDK sends requests: Stripe itself, or the local stand-in named by `STRIPE_API_URL`. */
function endpointOptions(): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const apiUrl = stripeEnv().apiUrl
  if (!apiUrl) return {}
  const url = new URL(apiUrl)
  return {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
  }
}

/** The one Stripe client of this process (same code against Stripe and the stand-in). */
export function stripe(): Promise<Stripe> {
  client ??= stripeSecrets().then(
    ({ secretKey }) =>
      new Stripe(secretKey, {
        maxNetworkRetries: 2,
        timeout: 10_000,
        appInfo: { name: 'ses-studio' },
        ...endpointOptions(),
      }),
  )
  client.catch(() => {
    client = undefined
  })
  return client
}

/** Verifies a webhook delivery's signature over the exact raw body (throws on any mismatch or a stale timestamp). */
export async function verifyWebhook(
  rawBody: string,
  signature: string,
  toleranceSeconds: number,
): Promise<Stripe.Event> {
  const { webhookSecret } = await stripeSecrets()
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret, toleranceSeconds)
}

/** Our billing fields, by the Stripe parameter a refusal names (`address[postal_code]`, `tax_id_data[0][value]` …). */
const FIELD_OF_PARAM: [RegExp, string][] = [
  [/^(tax_id|value$|type$)/, 'taxId'],
  [/^address/, 'address'],
  [/^email/, 'email'],
  [/^name/, 'companyName'],
]

/** Stripe's text can quote what was sent: logged on one line, without control characters, cut short. */
export function sanitizeForLog(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined
  return replaceUnsafeCharacters(text).slice(0, 300)
}

/**
 * Stripe's own words never reach the client. A refusal of a value the user typed (Stripe names the parameter)
 * is a 400 naming our field; anything else is Stripe's trouble (502). Both are logged without the request's values.
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof AppError) throw error
    const type = (error as { type?: string }).type
    if (!type?.startsWith('Stripe')) throw error
    const { code, param, statusCode, requestId } = error as {
      code?: string
      param?: string
      statusCode?: number
      requestId?: string
    }
    log.error('stripe.failed', {
      type,
      code,
      param,
      statusCode,
      requestId,
      message: sanitizeForLog((error as Error).message),
    })
    const field = param && FIELD_OF_PARAM.find(([pattern]) => pattern.test(param))?.[1]
    if ((type === 'StripeInvalidRequestError' || type === 'StripeCardError') && field) {
      throw new AppError(
        'request.invalid',
        `body.${field}: The payment provider refused this value; check it and try again.`,
      )
    }
    throw new AppError(
      'billing.provider_error',
      'The payment provider did not answer as expected; try again shortly.',
    )
  }
}

export type { Stripe }
