/**
 * The single DynamoDB table's physical shape, shared by the CDK stack, the local stack and core.
 * Key values and access patterns live in `packages/core/src/db/keys.ts`.
 */
export const TABLE = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds; DynamoDB deletes the item some time after this (tokens, idempotency records). */
  ttlAttribute: 'expiresAt',
  indexes: {
    GSI1: { partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    /** Added in issue 16 (CloudFormation adds one GSI per update: add any next one in its own deploy). */
    GSI2: { partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  },
} as const

export type IndexName = keyof typeof TABLE.indexes
