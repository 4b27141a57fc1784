import { describe, expect, it } from 'vitest'
import * as Keys from '../db/keys'
import { PURGE_DECLARATIONS } from '../purge-registry'
import { ownerOf } from './registry'

const org = 'ORG1'
/** One key of every kind kept under ORG#<id>, built with db/keys.ts, and the domain that declares it. */
const KINDS: [string, { PK: string; SK: string }][] = [
  ['organizations', Keys.organizationKey(org)],
  ['organizations', Keys.organizationMemberKey(org, 'acc')],
  ['aws-accounts', Keys.awsAccountKey(org, 'aws')],
  ['aws-accounts', Keys.awsAccountClaimKey(org, '111111111111', 'us-east-1')],
  ['api-keys', Keys.apiKeyRowKey(org, 'k')],
  ['migrations', Keys.migrationKey(org, 'x')],
  ['ses-monitoring', Keys.messageLogKey(org, 'aws', '2026-01-01T00:00:00Z', 'm')],
  // Hourly counts written before they were sharded (the shards are declared as sharded partitions).
  [
    'ses-monitoring',
    { PK: Keys.organizationPartition(org), SK: `${Keys.hourlyStatsPrefix('aws')}2026-01-01T00` },
  ],
  ['templates', Keys.templateKey(org, 't')],
  ['templates', Keys.templateNameKey(org, 'n')],
  ['templates', Keys.templateVersionKey(org, 't', 1)],
  ['templates', Keys.templateContentKey(org, 't', 1, 0)],
  ['jobs', Keys.jobKey(org, 'j')],
  ['jobs', Keys.jobItemKey(org, 'j', 0)],
  ['ses-sync', Keys.sesPublicationKey(org, '111111111111', 'us-east-1', 't')],
  ['blocks', Keys.blockKey(org, 'b')],
  ['blocks', Keys.blockNameKey(org, 'n')],
  ['blocks', Keys.blockUseKey(org, 'b', 't')],
  ['audience', Keys.topicKey(org, 't')],
  ['audience', Keys.topicNameKey(org, 'News')],
  ['audience-transfers', Keys.contactImportKey(org, 'i')],
  ['audience-transfers', Keys.contactExportKey(org, 'e')],
  ['campaigns', Keys.campaignKey(org, 'c')],
  ['campaigns', Keys.campaignRowKey(org, 'c')],
  ['campaigns', Keys.campaignRunKey(org, 'c')],
  ['campaigns', Keys.campaignSenderDefaultsKey(org)],
  ['webhooks', Keys.webhookEndpointKey(org, 'w')],
  ['webhooks', Keys.webhookMailedKey(org, 'e', 'acc')],
  ['webhooks', Keys.webhookWantsKey(org)],
  ['teams', Keys.invitationKey(org, 'i')],
  ['teams', Keys.invitationsSentKey(org)],
]

describe('the purge registry', () => {
  it.each(KINDS)('%s declares %j', (domain, key) => {
    expect(key.PK).toBe(Keys.organizationPartition(org))
    expect(ownerOf(PURGE_DECLARATIONS, key.SK)?.domain).toBe(domain)
  })

  it('declares the sharded hourly counts and audience partitions, and what of them a deleted connection leaves', () => {
    const sharded = PURGE_DECLARATIONS.flatMap((declaration) => declaration.shardedPartitions ?? [])
    expect(sharded.map((entry) => entry.partition(org))).toEqual([
      Keys.hourlyStatsPartition(org),
      Keys.contactPartition(org),
      Keys.addressPartition(org),
      Keys.preferencePartition(org),
      Keys.audienceCountPartition(org),
      Keys.bounceStreakPartition(org),
      Keys.webhookDeliveryPartition(org),
    ])
    expect(sharded[0]?.awsAccountPrefix?.({ orgId: org, awsAccountId: 'aws' })).toBe(
      Keys.hourlyStatsShardSortKey('aws', ''),
    )
  })

  it('declares the leftovers of deleted templates, campaigns (their runs and ledgers) and webhook endpoints (their deliveries)', () => {
    const withLeftovers = PURGE_DECLARATIONS.filter((declaration) => declaration.leftovers)
    expect(withLeftovers.map((declaration) => declaration.domain).sort()).toEqual([
      'campaigns',
      'templates',
      'webhooks',
    ])
    const campaigns = PURGE_DECLARATIONS.find((declaration) => declaration.domain === 'campaigns')
    expect(campaigns?.beforeOrganization).toEqual(expect.any(Function))
  })

  it('removes the owner pointers of connections and templates with them, nothing else outside', () => {
    const pointers = (sk: string) => ownerOf(PURGE_DECLARATIONS, sk)?.pointersOf?.(sk) ?? []
    expect(pointers(Keys.awsAccountKey(org, 'aws').SK)).toEqual([Keys.awsAccountOwnerKey('aws')])
    expect(pointers(Keys.templateKey(org, 't').SK)).toEqual([Keys.templateOwnerKey('t')])
    expect(pointers(Keys.invitationKey(org, 'i').SK)).toEqual([Keys.invitationPointerKey('i')])
    expect(pointers(Keys.invitationsSentKey(org).SK)).toEqual([])
    expect(pointers(Keys.apiKeyRowKey(org, 'k').SK)).toEqual([Keys.apiKeyKey('k')])
    expect(pointers(Keys.awsAccountClaimKey(org, '1', 'r').SK)).toEqual([])
    expect(pointers(Keys.templateNameKey(org, 'n').SK)).toEqual([])
  })
})
