import { apiKeysPurge } from './api-keys/purge'
import { suppressionFeedbackPurge } from './audience/feedback-purge'
import { audienceTransfersPurge } from './audience/import/purge'
import { audiencePurge } from './audience/purge'
import { auditPurge } from './audit/purge'
import { awsAccountsPurge } from './aws-accounts/purge'
import { campaignsPurge } from './campaigns/purge'
import { jobsPurge } from './jobs/purge'
import { migrationsPurge } from './migrations/purge'
import { organizationsPurge } from './organizations/purge'
import type { PurgeDeclaration } from './purge/registry'
import { sesMonitoringPurge } from './ses-monitoring/purge'
import { sesSyncPurge } from './ses-sync/purge'
import { teamsPurge } from './teams/purge'
import { blocksPurge, templatesPurge } from './templates/purge'
import { webhooksPurge } from './webhooks/purge'

/**
 * What each domain removes when an organization (or one of its AWS connections) goes, declared in the
 * domain's `purge.ts`. A domain that keeps items under `ORG#<id>` adds its declaration here; the purge test
 * checks that every key kind of `db/keys.ts` in that partition has an owner.
 */
export const PURGE_DECLARATIONS: readonly PurgeDeclaration[] = [
  organizationsPurge,
  awsAccountsPurge,
  apiKeysPurge,
  sesMonitoringPurge,
  sesSyncPurge,
  templatesPurge,
  blocksPurge,
  jobsPurge,
  migrationsPurge,
  audiencePurge,
  suppressionFeedbackPurge,
  audienceTransfersPurge,
  campaignsPurge,
  webhooksPurge,
  auditPurge,
  teamsPurge,
]
