/**
 * One event of every audited type the audit-log test publishes through the outbox (the ones cheap to drive by
 * API are driven there), with the entry each must become: action, target and change.
 */
import type { AuditChange, AuditTarget, EventPayload, EventType } from '@app/contracts'

export interface AuditCase<T extends EventType = EventType> {
  type: T
  payload: EventPayload<T>
  action: string
  target: AuditTarget
  change: Partial<AuditChange>
}

const c = <T extends EventType>(
  type: T,
  payload: EventPayload<T>,
  action: string,
  target: [string, string, string],
  change: Partial<AuditChange> = {},
): AuditCase => ({
  type,
  payload,
  action,
  target: { type: target[0], id: target[1], label: target[2] },
  change,
})

const counts = { total: 4, done: 4, succeeded: 3, failed: 1 }

export const EVIL = '=HYPERLINK("http://evil.example","x")'

export const auditCases = (orgId: string): AuditCase[] => [
  c('template.saved', { templateId: 'T1', name: EVIL, version: 2, action: 'save' }, 'template.saved', [
    'template',
    'T1',
    EVIL,
  ]),
  c('template.saved', { templateId: 'T2', name: 'Imported', version: 1, action: 'import' }, 'ses.imported', [
    'template',
    'T2',
    'Imported',
  ]),
  c(
    'template.restored',
    { templateId: 'T1', name: 'Welcome', version: 3, restoredFrom: 1 },
    'template.restored',
    ['template', 'T1', 'Welcome'],
    { before: 'version 1', after: 'version 3' },
  ),
  c('template.deleted', { templateId: 'T3', name: 'Old' }, 'template.deleted', ['template', 'T3', 'Old']),
  c(
    'template.published',
    {
      templateId: 'T1',
      version: 3,
      sesName: 'welcome',
      awsAccountId: 'A1',
      region: 'eu-west-1',
      jobId: 'J1',
    },
    'template.published',
    ['template', 'T1', 'welcome'],
    { after: 'version 3' },
  ),
  c(
    'template.unpublished',
    { templateId: 'T1', sesName: 'welcome', awsAccountId: 'A1', region: 'eu-west-1', jobId: 'J2' },
    'ses.deleted',
    ['template', 'T1', 'welcome'],
  ),
  c(
    'block.propagated',
    { blockId: 'B1', jobId: 'J3', status: 'succeeded', counts, republished: true },
    'block.propagated',
    ['block', 'B1', 'B1'],
    { summary: '3 templates updated, 1 failed, published to SES' },
  ),
  c(
    'aws_account.connected',
    {
      awsAccountId: 'A1',
      name: 'Production',
      region: 'eu-west-1',
      method: 'role',
      awsAccountNumber: '123456789012',
      verified: true,
    },
    'aws_account.connected',
    ['aws_account', 'A1', 'Production'],
  ),
  c(
    'aws_account.deleted',
    { awsAccountId: 'A2', awsAccountNumber: '210987654321', region: 'us-east-1' },
    'aws_account.removed',
    ['aws_account', 'A2', '210987654321'],
  ),
  c(
    'email_identity.added',
    { awsAccountId: 'A1', identity: 'example.com', type: 'DOMAIN' },
    'email_identity.added',
    ['email_identity', 'example.com', 'example.com'],
    { summary: 'Domain' },
  ),
  c('email_identity.deleted', { awsAccountId: 'A1', identity: 'me@example.com' }, 'email_identity.removed', [
    'email_identity',
    'me@example.com',
    'me@example.com',
  ]),
  c(
    'campaign.sent',
    { campaignId: 'C1', name: 'Launch', awsAccountId: 'A1', templateId: 'T1', version: 3 },
    'campaign.sent',
    ['campaign', 'C1', 'Launch'],
  ),
  c(
    'campaign.paused',
    {
      campaignId: 'C1',
      reason: { code: 'paused_by_member', message: 'Paused by a member', at: '2026-01-01T00:00:00.000Z' },
    },
    'campaign.paused',
    ['campaign', 'C1', 'C1'],
    { summary: 'Paused by a member' },
  ),
  c('campaign.cancelled', { campaignId: 'C2', name: 'Later' }, 'campaign.cancelled', [
    'campaign',
    'C2',
    'Later',
  ]),
  c(
    'contacts.imported',
    {
      importId: 'I1',
      fileName: 'people.csv',
      status: 'succeeded',
      counts: { rows: 3, created: 2, updated: 1, unchanged: 0, invalid: 0, suppressed: 0 },
      error: null,
    },
    'contacts.imported',
    ['import', 'I1', 'people.csv'],
    { after: 'succeeded', summary: '3 rows: 2 created, 1 updated, 0 unchanged, 0 invalid, 0 suppressed' },
  ),
  c(
    'contacts.deleted',
    { jobId: 'J4', status: 'succeeded', deleted: 5, skipped: 1, failed: 0 },
    'contacts.deleted',
    ['job', 'J4', 'Contacts'],
    { summary: '5 deleted, 1 already gone, 0 failed' },
  ),
  c(
    'member.invited',
    { invitationId: 'V1', email: 'new@example.com', role: 'ADMIN' },
    'member.invited',
    ['invitation', 'V1', 'new@example.com'],
    { after: 'ADMIN' },
  ),
  c(
    'member.invitation_resent',
    { invitationId: 'V1', email: 'new@example.com' },
    'member.invitation_resent',
    ['invitation', 'V1', 'new@example.com'],
  ),
  c(
    'member.invitation_ended',
    { invitationId: 'V2', email: 'no@example.com', state: 'revoked' },
    'member.invitation_revoked',
    ['invitation', 'V2', 'no@example.com'],
  ),
  c(
    'member.joined',
    { accountId: 'M1', email: 'new@example.com', role: 'ADMIN', invitationId: 'V1' },
    'member.joined',
    ['member', 'M1', 'new@example.com'],
    { after: 'ADMIN' },
  ),
  c(
    'member.role_changed',
    { accountId: 'M1', email: 'new@example.com', from: 'ADMIN', to: 'MEMBER' },
    'member.role_changed',
    ['member', 'M1', 'new@example.com'],
    { before: 'ADMIN', after: 'MEMBER' },
  ),
  c(
    'member.removed',
    { accountId: 'M1', email: 'new@example.com', role: 'MEMBER', reason: 'removed' },
    'member.removed',
    ['member', 'M1', 'new@example.com'],
    { before: 'MEMBER' },
  ),
  c(
    'plan.changed',
    { from: 'SOLO_MONTHLY', to: 'TEAM_MONTHLY', status: 'active' },
    'plan.changed',
    ['organization', orgId, 'Plan'],
    { before: 'Solo (monthly)', after: 'Team (monthly)' },
  ),
  c(
    'webhook_endpoint.disabled',
    {
      endpointId: 'W1',
      url: 'https://hooks.example.com/x',
      reason: { code: 'http_503', message: 'HTTP 503' },
    },
    'webhook_endpoint.disabled',
    ['webhook_endpoint', 'W1', 'https://hooks.example.com/x'],
    { summary: 'HTTP 503' },
  ),
]
