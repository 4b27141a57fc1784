/**
 * Every single-table key of the product, and the access patterns they serve: one file per domain under
 * `keys/`, each with its items (PK, SK, index keys) and numbered access patterns beside the builders. Import
 * from here (`db/keys`), never from a domain file.
 *
 * Choosing a partition (see db/README.md): one partition per tenant (ORG#id) for small collections read together;
 * a partition per entity (<ENTITY>#id) for things with their own large children; sharded partitions
 * (<prefix>#<n>, db/shards.ts) for write paths hotter than ~1,000 writes/s and counters; GSI1 for alternate
 * lookups. A partition takes about 1,000 writes/s and 3,000 reads/s.
 *
 * Access patterns are tagged by the partition each uses: T = the tenant's ORG#id, E = an entity's own,
 * S = sharded, I = an index. Numbers are stable (code and comments cite them): 1–33 across the platform's
 * domains, K1–K5 API keys, T1–T2 audience transfers, A1–A13 audience, S1–S3 SES suppression, P1–P3 the
 * platform's building blocks, W1–W8 webhooks, V1–V6 teams' invitations, L1–L4 the audit
 * log; a new domain takes its own letter.
 *
 * List indexes. GSI queries are eventually consistent (a row saved a moment ago may show a moment later); a
 * list pages in the database and its cursor (db/cursor.ts) holds the last row's index position, signed and bound
 * to the query. Heads written before the indexes existed get their attributes from the `list-indexes` migration.
 *
 * Tenant-owned keys start with ORG#<orgId> (sharded ones too: ORG#<orgId>#STATS#<n>), so a key for another
 * organization cannot be formed from a request.
 */

export * from './keys/api-keys'
export * from './keys/audience'
export * from './keys/audience-transfers'
export * from './keys/audit'
export * from './keys/aws-accounts'
export * from './keys/billing'
export * from './keys/blocks'
export * from './keys/campaigns'
export * from './keys/events'
export * from './keys/jobs'
export * from './keys/migrations'
export * from './keys/organizations'
export * from './keys/platform'
export * from './keys/send-limiter'
export * from './keys/ses-monitoring'
export * from './keys/ses-sync'
export * from './keys/shared'
export * from './keys/teams'
export * from './keys/templates'
export * from './keys/webhooks'
