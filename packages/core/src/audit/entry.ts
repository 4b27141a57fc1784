import {
  type AuditAction,
  type AuditActor,
  type AuditChange,
  type AuditEntry,
  type AuditTarget,
  planInfo,
  principalName,
} from '@app/contracts'
import type { DomainEvent, EventType, Principal } from '../events/catalog'

/** An entry and the organization it belongs to (events about a user alone are not audited). */
export interface AuditRecord extends AuditEntry {
  organizationId: string
}

interface Mapped {
  action: AuditAction
  target: AuditTarget
  change?: Partial<AuditChange>
}

type Mapper<T extends EventType> = (event: DomainEvent<T>) => Mapped

const target = (type: string, id: string, label: string): AuditTarget => ({ type, id, label: label || id })
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

const TEMPLATE_SAVED_ACTIONS = {
  create: 'template.created',
  copy: 'template.copied',
  save: 'template.saved',
  import: 'ses.imported',
} as const satisfies Record<string, AuditAction>

/**
 * Each audited event type and its entry: the action code (`AUDIT_ACTIONS`), what it was about, and the change in
 * a few words. A type missing here is not audited (message events, per-contact subscriptions, schedules, ends).
 */
export const AUDITED: { [T in EventType]?: Mapper<T> } = {
  'template.saved': ({ payload: p }) => ({
    action: TEMPLATE_SAVED_ACTIONS[p.action],
    target: target('template', p.templateId, p.name),
    change: { after: `version ${p.version}` },
  }),
  'template.restored': ({ payload: p }) => ({
    action: 'template.restored',
    target: target('template', p.templateId, p.name),
    change: { before: `version ${p.restoredFrom}`, after: `version ${p.version}` },
  }),
  'template.deleted': ({ payload: p }) => ({
    action: 'template.deleted',
    target: target('template', p.templateId, p.name),
  }),
  'template.published': ({ payload: p }) => ({
    action: 'template.published',
    target: target('template', p.templateId, p.sesName),
    change: { after: `version ${p.version}`, summary: `${p.sesName} in ${p.region}` },
  }),
  'template.unpublished': ({ payload: p }) => ({
    action: 'ses.deleted',
    target: target('template', p.templateId, p.sesName),
    change: { summary: `${p.sesName} deleted from SES in ${p.region}` },
  }),
  'block.propagated': ({ payload: p }) => ({
    action: 'block.propagated',
    target: target('block', p.blockId, p.blockId),
    change: {
      summary: `${plural(p.counts.succeeded, 'template')} updated, ${p.counts.failed} failed${p.republished ? ', published to SES' : ''}`,
    },
  }),
  'aws_account.connected': ({ payload: p }) => ({
    action: 'aws_account.connected',
    target: target('aws_account', p.awsAccountId, p.name || p.awsAccountNumber || p.awsAccountId),
    change: {
      summary: `${p.awsAccountNumber ?? 'account number pending'}, ${p.region}, ${p.method === 'role' ? 'IAM role' : 'access keys'}`,
    },
  }),
  'aws_account.deleted': ({ payload: p }) => ({
    action: 'aws_account.removed',
    target: target('aws_account', p.awsAccountId, p.awsAccountNumber ?? p.awsAccountId),
    change: { summary: p.region },
  }),
  'email_identity.added': ({ payload: p }) => ({
    action: 'email_identity.added',
    target: target('email_identity', p.identity, p.identity),
    change: { summary: p.type === 'DOMAIN' ? 'Domain' : 'Email address' },
  }),
  'email_identity.deleted': ({ payload: p }) => ({
    action: 'email_identity.removed',
    target: target('email_identity', p.identity, p.identity),
  }),
  'campaign.sent': ({ payload: p }) => ({
    action: 'campaign.sent',
    target: target('campaign', p.campaignId, p.name),
    change: { summary: `template version ${p.version}` },
  }),
  'campaign.paused': ({ payload: p }) => ({
    action: 'campaign.paused',
    target: target('campaign', p.campaignId, p.campaignId),
    change: { summary: p.reason.message },
  }),
  'campaign.cancelled': ({ payload: p }) => ({
    action: 'campaign.cancelled',
    target: target('campaign', p.campaignId, p.name),
  }),
  'contacts.imported': ({ payload: { counts: c, ...p } }) => ({
    action: 'contacts.imported',
    target: target('import', p.importId, p.fileName),
    change: {
      after: p.status,
      summary: `${plural(c.rows, 'row')}: ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.invalid} invalid, ${c.suppressed} suppressed${p.error ? ` (${p.error.message})` : ''}`,
    },
  }),
  'contacts.deleted': ({ payload: p }) => ({
    action: 'contacts.deleted',
    target: target('job', p.jobId, 'Contacts'),
    change: { summary: `${p.deleted} deleted, ${p.skipped} already gone, ${p.failed} failed` },
  }),
  'topic.created': ({ payload: p }) => ({
    action: 'topic.created',
    target: target('topic', p.topicId, p.name),
  }),
  'topic.deleted': ({ payload: p }) => ({
    action: 'topic.deleted',
    target: target('topic', p.topicId, p.name),
  }),
  'member.invited': ({ payload: p }) => ({
    action: 'member.invited',
    target: target('invitation', p.invitationId, p.email),
    change: { after: p.role },
  }),
  'member.invitation_resent': ({ payload: p }) => ({
    action: 'member.invitation_resent',
    target: target('invitation', p.invitationId, p.email),
  }),
  'member.invitation_ended': ({ payload: p }) => ({
    action: p.state === 'revoked' ? 'member.invitation_revoked' : 'member.invitation_declined',
    target: target('invitation', p.invitationId, p.email),
  }),
  'member.joined': ({ payload: p }) => ({
    action: 'member.joined',
    target: target('member', p.accountId, p.email),
    change: { after: p.role },
  }),
  'member.removed': ({ payload: p }) => ({
    action: p.reason === 'left' ? 'member.left' : 'member.removed',
    target: target('member', p.accountId, p.email),
    change: { before: p.role },
  }),
  'member.role_changed': ({ payload: p }) => ({
    action: 'member.role_changed',
    target: target('member', p.accountId, p.email),
    change: { before: p.from, after: p.to },
  }),
  'plan.changed': (event) => ({
    action: 'plan.changed',
    target: target('organization', event.organizationId ?? '', 'Plan'),
    change: {
      before: event.payload.from && planInfo(event.payload.from).fullName,
      after: planInfo(event.payload.to).fullName,
      summary: event.payload.status ? `subscription ${event.payload.status}` : null,
    },
  }),
  'api_key.created': ({ payload: p }) => ({
    action: p.rotatedFrom ? 'api_key.rotated' : 'api_key.created',
    target: target('api_key', p.keyId, p.name),
    change: { summary: p.scopes.length ? p.scopes.join(', ') : 'no scopes' },
  }),
  'api_key.revoked': ({ payload: p }) => ({
    action: 'api_key.revoked',
    target: target('api_key', p.keyId, p.name),
  }),
  'webhook_endpoint.disabled': ({ payload: p }) => ({
    action: 'webhook_endpoint.disabled',
    target: target('webhook_endpoint', p.endpointId, p.url),
    change: { summary: p.reason.message },
  }),
}

export const AUDITED_TYPES = Object.keys(AUDITED) as EventType[]

/** Who acted, as the log shows it; an API key by its name when it is known (`keyName`). */
export function auditActorOf(principal: Principal, keyName?: string): AuditActor {
  switch (principal.type) {
    case 'user':
      return { type: 'user', id: principal.accountId, name: principal.email }
    case 'apiKey':
      return { type: 'apiKey', id: principal.keyId, name: keyName ?? principalName(principal) }
    default:
      return { type: principal.type, id: null, name: principalName(principal) }
  }
}

/** The entry recording `event`; undefined when its type is not audited or it concerns no organization. */
export function auditRecordOf(event: DomainEvent, keyName?: string): AuditRecord | undefined {
  const map = AUDITED[event.type] as Mapper<EventType> | undefined
  if (!map || !event.organizationId) return undefined
  const { action, target, change } = map(event)
  return {
    id: event.id,
    organizationId: event.organizationId,
    occurredAt: event.occurredAt,
    actor: auditActorOf(event.actor, keyName),
    action,
    target,
    change: {
      before: change?.before ?? null,
      after: change?.after ?? null,
      summary: change?.summary ?? null,
    },
  }
}
