/**
 * What the audit log records, by action code (dotted, `<area>.<what happened>`): the event type it comes from, or
 * a clearer code derived from it (a template saved by an import from SES is `ses.imported`). The one table the
 * page's labels and filter, the CSV and core's mapping (`core/src/audit/entry.ts`) read. Not recorded: message
 * events and per-contact (un)subscriptions (their volume), schedules, finished sends and jobs (no one's change).
 */
export const AUDIT_ACTIONS = {
  'template.created': 'Template created',
  'template.copied': 'Template copied',
  'template.saved': 'Template saved',
  'template.restored': 'Template version restored',
  'template.deleted': 'Template deleted',
  'template.published': 'Template published to SES',
  'block.propagated': 'Block change applied to templates',
  'ses.imported': 'Template imported from SES',
  'ses.deleted': 'Template deleted from SES',
  'aws_account.connected': 'AWS account connected',
  'aws_account.removed': 'AWS account removed',
  'email_identity.added': 'Sender identity added',
  'email_identity.removed': 'Sender identity removed',
  'campaign.sent': 'Campaign sent',
  'campaign.paused': 'Campaign paused',
  'campaign.cancelled': 'Campaign cancelled',
  'contacts.imported': 'Contacts imported',
  'contacts.deleted': 'Contacts deleted',
  'topic.created': 'Topic created',
  'topic.deleted': 'Topic deleted',
  'member.invited': 'Member invited',
  'member.invitation_resent': 'Invitation resent',
  'member.invitation_revoked': 'Invitation revoked',
  'member.invitation_declined': 'Invitation declined',
  'member.joined': 'Member joined',
  'member.removed': 'Member removed',
  'member.left': 'Member left',
  'member.role_changed': 'Member role changed',
  'plan.changed': 'Plan changed',
  'api_key.created': 'API key created',
  'api_key.rotated': 'API key rotated',
  'api_key.revoked': 'API key revoked',
  'webhook_endpoint.disabled': 'Webhook endpoint disabled',
} as const

export type AuditAction = keyof typeof AUDIT_ACTIONS
export const AUDIT_ACTION_CODES = Object.keys(AUDIT_ACTIONS) as AuditAction[]

/** The areas actions belong to (the part before the dot), each filterable as a whole (`template.`). */
export const AUDIT_AREAS = {
  template: 'Templates',
  block: 'Blocks',
  ses: 'SES templates',
  aws_account: 'AWS accounts',
  email_identity: 'Sender identities',
  campaign: 'Campaigns',
  contacts: 'Contacts',
  topic: 'Topics',
  member: 'Team',
  plan: 'Plan',
  api_key: 'API keys',
  webhook_endpoint: 'Webhooks',
} as const satisfies Record<string, string>
export type AuditArea = keyof typeof AUDIT_AREAS

export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTIONS as Record<string, string>)[action] ?? action

/** How long an entry is kept (a DynamoDB TTL): about 13 months, so a year ago is always there. */
export const AUDIT_RETENTION_DAYS = 400
