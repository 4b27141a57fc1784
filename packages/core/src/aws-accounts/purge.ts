import { AWS_ACCOUNT_PREFIX, awsAccountOwnerKey } from '../db/keys'
import type { PurgeDeclaration } from '../purge/registry'

export const awsAccountsPurge: PurgeDeclaration = {
  domain: 'aws-accounts',
  prefixes: [AWS_ACCOUNT_PREFIX, 'AWS_ACCOUNT_NUMBER#'],
  pointersOf: (sk) =>
    sk.startsWith(AWS_ACCOUNT_PREFIX) ? [awsAccountOwnerKey(sk.slice(AWS_ACCOUNT_PREFIX.length))] : [],
}
