import { JobCountsSchema, JobStatusSchema } from '@app/contracts'
import * as z from 'zod'

/**
 * Every domain event the product publishes, by type. An event says what happened (past tense, dotted
 * `<domain>.<fact>`), carries what its subscribers need once the thing it reports is gone (a deleted
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
   * A campaign's sending stopped: a member paused it, or the engine did on an account-level error (sending paused,
   * account suspended, sender not verified …) with SES's words; the notifications issue mails the owners from it.
   */
  /**
   * A campaign is to start at `at` (scheduled, or its time moved): the scheduler (EventBridge Scheduler, the local
   * timer) sets a one-time start calling `startScheduledCampaign`, replacing any earlier one.
   */
  'campaign.scheduled': z.object({ campaignId: z.string().min(1), at: z.iso.datetime() }),
  /** A scheduled campaign will not start by its schedule any more (sent now, cancelled, unscheduled, deleted). */
  'campaign.unscheduled': z.object({ campaignId: z.string().min(1) }),
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
}

const event = <T extends EventType>(type: T) =>
  z.object({ ...envelope, type: z.literal(type), payload: EVENT_PAYLOADS[type] })

/** One schema per type (a type added above must be added here too: the catalog test checks it). */
export const DomainEventSchema = z.discriminatedUnion('type', [
  event('organization.deleted'),
  event('account.deleted'),
  event('aws_account.deleted'),
  event('template.published'),
  event('job.finished'),
  event('campaign.scheduled'),
  event('campaign.unscheduled'),
  event('campaign.paused'),
  event('contact.unsubscribed_from_campaign'),
])

export type AnyDomainEvent = z.infer<typeof DomainEventSchema>
export type DomainEvent<T extends EventType = EventType> = Extract<AnyDomainEvent, { type: T }>

export function parseDomainEvent(value: unknown): DomainEvent {
  return DomainEventSchema.parse(value)
}
