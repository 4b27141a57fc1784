import { ENV } from '@app/contracts'

/** Where the Stripe keys come from, and where the SDK sends requests; read when billing is first used. */
export function stripeEnv() {
  return {
    /** Deployed: the Secrets Manager secret holding both keys. */
    secretArn: process.env[ENV.stripeSecretArn],
    /** Locally: the stand-in's keys, given directly. */
    secretKey: process.env[ENV.stripeSecretKey],
    webhookSecret: process.env[ENV.stripeWebhookSecret],
    /** Locally: the stand-in's origin; unset means Stripe itself. */
    apiUrl: process.env[ENV.stripeApiUrl],
  }
}
