import * as z from 'zod'
import { RoleSchema } from '../account/schemas'
import { ImportCountsSchema } from '../audience/import-counts'
import { JobCountsSchema, JobStatusSchema } from '../jobs/schemas'
import { PlanSchema, SubscriptionStatusSchema } from '../plans'
import { type Principal, PrincipalSchema } from '../principal'
import { InvitableRoleSchema } from '../teams/schemas'
import { TemplateVersionActionSchema } from '../templates/versions'
import {
  CampaignFinishedSchema,
  ContactSubscribedSchema,
  ContactUnsubscribedSchema,
  MessageBouncedSchema,
  MessageClickedSchema,
  MessageComplainedSchema,
  MessageDeliveredSchema,
  MessageOpenedSchema,
} from './reach-payloads'

/**
 * Every domain event the product publishes, by type: the one table the union, the parser, the webhooks' event
 * names and the frontend's labels derive from (a new type is one entry here). An event says what happened (past
 * tense, dotted `<domain>.<fact>`), carries what its subscribers need once the thing it reports is gone (a deleted
 * organization can no longer be read), and never carries secrets: webhooks and the audit log will show them.
 */
export const EVENT_PAYLOADS = {
  /** The organization's profile is gone (access ended); its subscribers cancel billing, tear down, purge. */
  'organization.deleted': z.object({
    stripeCustomerId: z.string().min(1).nullable(),
    deletedBy: z.string().min(1).nullable(),
  }),
  /** A user deleted their account (their sole-owned organizations each have their own `organization.deleted`). */
  'account.deleted': z.object({ accountId: z.string().min(1) }),
  /** An AWS account was connected to the organization (verified at once, or waiting for its role). */
  'aws_account.connected': z.object({
    awsAccountId: z.string().min(1),
    name: z.string(),
    region: z.string().min(1),
    method: z.enum(['keys', 'role']),
    awsAccountNumber: z.string().min(1).nullable(),
    verified: z.boolean(),
  }),
  /** An email address or domain was added to a connected account's SES (verification follows there). */
  'email_identity.added': z.object({
    awsAccountId: z.string().min(1),
    identity: z.string().min(1),
    type: z.enum(['EMAIL_ADDRESS', 'DOMAIN']),
  }),
  /** An email address or domain was removed from a connected account's SES. */
  'email_identity.deleted': z.object({ awsAccountId: z.string().min(1), identity: z.string().min(1) }),
  /** An AWS connection is gone; what it left in its organization (logs, counts, publication records) follows. */
  'aws_account.deleted': z.object({
    awsAccountId: z.string().min(1),
    awsAccountNumber: z.string().min(1).nullable(),
    region: z.string().min(1),
  }),
  /**
   * A template version is now live in an AWS account's SES (written, or found there already as we publish it).
   * Once per publication: a publish that finds the same version already recorded says nothing.
   */
  'template.published': z.object({
    templateId: z.string().min(1),
    version: z.number().int().positive(),
    sesName: z.string().min(1),
    awsAccountId: z.string().min(1),
    region: z.string().min(1),
    jobId: z.string().min(1),
  }),
  /**
   * A template version was written: created (from a starter or fields), copied, saved, or imported from SES
   * (`action`); a restore is `template.restored`.
   */
  'template.saved': z.object({
    templateId: z.string().min(1),
    name: z.string(),
    version: z.number().int().positive(),
    action: TemplateVersionActionSchema.exclude(['restore']),
  }),
  /** An earlier version's content became the template's new version. */
  'template.restored': z.object({
    templateId: z.string().min(1),
    name: z.string(),
    version: z.number().int().positive(),
    restoredFrom: z.number().int().positive(),
  }),
  /** A template was deleted (its versions follow in the purge; SES copies stay unless deleted there). */
  'template.deleted': z.object({ templateId: z.string().min(1), name: z.string() }),
  /**
   * A template's copy was deleted from an AWS account's SES (an `ses.delete` job's item). Once per copy: a
   * redelivered item finding the copy already gone says nothing.
   */
  'template.unpublished': z.object({
    templateId: z.string().min(1),
    sesName: z.string().min(1),
    awsAccountId: z.string().min(1),
    region: z.string().min(1),
    jobId: z.string().min(1),
  }),
  /**
   * A block's change reached the templates using it (a `blocks.propagate` job ended): how many were saved as a new
   * version, already current, no longer using it, or failed; and whether they were published to SES too.
   */
  'block.propagated': z.object({
    blockId: z.string().min(1),
    jobId: z.string().min(1),
    status: JobStatusSchema.exclude(['queued', 'running']),
    counts: JobCountsSchema,
    republished: z.boolean(),
  }),
  /** A contact import ended: every row read (`succeeded`), or refused or stopped by its file (`failed`). */
  'contacts.imported': z.object({
    importId: z.string().min(1),
    fileName: z.string(),
    status: z.enum(['succeeded', 'failed']),
    counts: ImportCountsSchema,
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
  }),
  /**
   * Contacts were deleted in bulk (a delete job over a selection ended): how many were deleted, how many were gone
   * already. One contact deleted from its page is not reported here.
   */
  'contacts.deleted': z.object({
    jobId: z.string().min(1),
    status: JobStatusSchema.exclude(['queued', 'running']),
    deleted: z.number().int().nonnegative(),
    skipped: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
  }),
  /** A topic was created (by a member, or by a campaign report's audience action). */
  'topic.created': z.object({ topicId: z.string().min(1), name: z.string() }),
  /** A topic was deleted: it takes no new preference at once; a job then removes it from every contact. */
  'topic.deleted': z.object({ topicId: z.string().min(1), name: z.string() }),
  /**
   * The organization's plan changed: a Stripe subscription started, changed or ended (`status`: the
   * subscription's; null when an owner chose START), or START was chosen. `from` null: no plan before.
   */
  'plan.changed': z.object({
    from: PlanSchema.nullable(),
    to: PlanSchema,
    status: SubscriptionStatusSchema.nullable(),
  }),
  /** A background job ended (its final status and counts); once per job. */
  'job.finished': z.object({
    jobId: z.string().min(1),
    kind: z.string().min(1),
    status: JobStatusSchema.exclude(['queued', 'running']),
    counts: JobCountsSchema,
    /** The account that started it; null: the platform, on a schedule. */
    createdBy: z.string().min(1).nullable(),
  }),
  /**
   * A campaign is to start at `at` (scheduled, or its time moved): the scheduler (EventBridge Scheduler, the local
   * timer) sets a one-time start calling `startScheduledCampaign`, replacing any earlier one.
   */
  'campaign.scheduled': z.object({ campaignId: z.string().min(1), at: z.iso.datetime() }),
  /** A scheduled campaign will not start by its schedule any more (sent now, cancelled, unscheduled, deleted). */
  'campaign.unscheduled': z.object({ campaignId: z.string().min(1) }),
  /**
   * A campaign was handed to the sending engine (sent now, or its schedule came): its template version is pinned
   * and its recipients are being written; the report follows.
   */
  'campaign.sent': z.object({
    campaignId: z.string().min(1),
    name: z.string(),
    awsAccountId: z.string().min(1),
    templateId: z.string().min(1),
    version: z.number().int().positive(),
  }),
  /** A scheduled or sending campaign was cancelled: nothing more is sent (a batch already at SES finishes). */
  'campaign.cancelled': z.object({ campaignId: z.string().min(1), name: z.string() }),
  /**
   * A campaign's sending stopped: a member paused it, or the engine did on an account-level error (sending paused,
   * account suspended, sender not verified …) with SES's words; the notifications issue mails the owners from it.
   */
  'campaign.paused': z.object({
    campaignId: z.string().min(1),
    reason: z.object({ code: z.string().min(1), message: z.string(), at: z.iso.datetime() }),
  }),
  /**
   * A contact unsubscribed (from everything or from a topic) through a campaign's signed link (one-click or the
   * preference page); the campaign's report counts it once.
   */
  'contact.unsubscribed_from_campaign': z.object({
    contactId: z.string().min(1),
    campaignId: z.string().min(1),
    at: z.iso.datetime(),
  }),
  /**
   * A contact became subscribed to topics (their effective status moved to OPT_IN): created subscribed, opted in by
   * a member or the API, a signup confirmed, re-subscribed on the preference page. Written in the transaction of
   * the change (audience's one writer). Changes made in bulk — an import, a bulk or report action, SES feedback,
   * the SES list sync — write it only while the organization has an enabled webhook endpoint wanting it, so a
   * 1,000,000-row import floods nothing otherwise (`contacts.imported` sums the import up either way); a topic's
   * deletion writes none (`topic.deleted` says it).
   */
  'contact.subscribed': ContactSubscribedSchema,
  /**
   * A contact stopped being subscribed: topics left (OPT_IN → anything else), unsubscribe-all, or the address
   * suppressed (a hard bounce, a complaint, the SES list). Written like `contact.subscribed` (the same bulk rule);
   * a deleted contact writes none.
   */
  'contact.unsubscribed': ContactUnsubscribedSchema,
  /**
   * A campaign's send ended (the engine found no recipient pending, in flight or unknown), with the ledger's counts;
   * once per end (a "retry failed" that sends again ends again).
   */
  'campaign.finished': CampaignFinishedSchema,
  /**
   * SES events of a campaign's or a transactional message, one per SES event received (a redelivery writes none):
   * delivered, opened (each open), clicked (each click), bounced, complained. High volume (one per recipient and
   * more), so written only while the organization has an enabled webhook endpoint wanting the type (the webhooks'
   * record of wanted types, read at most every few seconds per function); never for other mail.
   */
  'message.delivered': MessageDeliveredSchema,
  'message.opened': MessageOpenedSchema,
  'message.clicked': MessageClickedSchema,
  'message.bounced': MessageBouncedSchema,
  'message.complained': MessageComplainedSchema,
  /** Addresses were invited to the organization (one event per invitation; resends are `member.invitation_resent`). */
  'member.invited': z.object({
    invitationId: z.string().min(1),
    email: z.string().min(1),
    role: InvitableRoleSchema,
  }),
  /** A pending invitation was sent again with a new link (the old link stopped working). */
  'member.invitation_resent': z.object({ invitationId: z.string().min(1), email: z.string().min(1) }),
  /** A pending invitation ended without a member: revoked by the team, or declined by the invitee. */
  'member.invitation_ended': z.object({
    invitationId: z.string().min(1),
    email: z.string().min(1),
    state: z.enum(['revoked', 'declined']),
  }),
  /** Someone joined the organization by accepting an invitation. */
  'member.joined': z.object({
    accountId: z.string().min(1),
    email: z.string(),
    role: RoleSchema,
    invitationId: z.string().min(1),
  }),
  /** A member left the organization (`left`) or was removed by the team (`removed`, one event per member). */
  'member.removed': z.object({
    accountId: z.string().min(1),
    email: z.string(),
    role: RoleSchema,
    reason: z.enum(['removed', 'left']),
  }),
  /** A member's role changed (a role change, or an ownership transfer: one event per member whose role moved). */
  'member.role_changed': z.object({
    accountId: z.string().min(1),
    email: z.string(),
    from: RoleSchema,
    to: RoleSchema,
  }),
  /** An API key was created or rotated into a new key (never its secret). */
  'api_key.created': z.object({
    keyId: z.string().min(1),
    name: z.string(),
    scopes: z.array(z.string()),
    rotatedFrom: z.string().min(1).nullable(),
  }),
  /** An API key was revoked (by a member, or at the end of a rotation's grace period). */
  'api_key.revoked': z.object({ keyId: z.string().min(1), name: z.string() }),
  /**
   * An outgoing webhook endpoint stopped receiving deliveries: every attempt of a delivery failed over the retry
   * schedule (about a day), so it was disabled (the owners are mailed; a member re-enables it). Never the secret.
   */
  'webhook_endpoint.disabled': z.object({
    endpointId: z.string().min(1),
    url: z.string().min(1),
    reason: z.object({ code: z.string().min(1), message: z.string() }),
  }),
  /**
   * A member sent a test event to one webhook endpoint: delivered to that endpoint only (signed like any other),
   * never published to the outbox or to other endpoints.
   */
  'webhook_endpoint.tested': z.object({ endpointId: z.string().min(1) }),
} as const

export type EventType = keyof typeof EVENT_PAYLOADS
export const EVENT_TYPES = Object.keys(EVENT_PAYLOADS) as EventType[]
export type EventPayload<T extends EventType> = z.infer<(typeof EVENT_PAYLOADS)[T]>

const envelope = {
  /** ULID: unique, and sorts by when it was written. */
  id: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/),
  occurredAt: z.iso.datetime(),
  /** The tenant it concerns; null for events about a user rather than an organization. */
  organizationId: z.string().min(1).nullable(),
  /** Who made the change it reports. */
  actor: PrincipalSchema,
}

/** One event of type `T`: the envelope, the type and its payload. */
export interface DomainEventOf<T extends EventType> {
  id: string
  occurredAt: string
  organizationId: string | null
  actor: Principal
  type: T
  payload: EventPayload<T>
}
export type AnyDomainEvent = { [T in EventType]: DomainEventOf<T> }[EventType]
export type DomainEvent<T extends EventType = EventType> = Extract<AnyDomainEvent, { type: T }>

const eventSchema = <T extends EventType>(type: T) =>
  z.object({ ...envelope, type: z.literal(type), payload: EVENT_PAYLOADS[type] })

/** The union, derived from the table: one schema per type. */
export const DomainEventSchema = z.discriminatedUnion(
  'type',
  EVENT_TYPES.map(eventSchema) as unknown as [
    ReturnType<typeof eventSchema>,
    ...ReturnType<typeof eventSchema>[],
  ],
)

export function parseDomainEvent(value: unknown): AnyDomainEvent {
  return DomainEventSchema.parse(value) as AnyDomainEvent
}
