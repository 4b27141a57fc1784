import * as Secrets from '../platform/secrets'

export type { SealedSecret } from '../platform/secrets'

/** A customer's AWS secret access key, sealed for its connection (`platform/secrets.ts`). */
const owner = (orgId: string, awsAccountId: string): Secrets.SecretOwner => ({
  purpose: 'aws-account-credentials',
  organizationId: orgId,
  awsAccountId,
})

export const sealSecret = (secret: string, orgId: string, awsAccountId: string) =>
  Secrets.sealSecret(secret, owner(orgId, awsAccountId))

export const openSecret = (sealed: Secrets.SealedSecret, orgId: string, awsAccountId: string) =>
  Secrets.openSecret(sealed, owner(orgId, awsAccountId))
