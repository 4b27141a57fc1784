import {
  type Campaign,
  type CampaignAction,
  type CampaignSchedule,
  type CampaignStatus,
  type Principal,
  sendsToContacts,
} from '@app/contracts'
import { principalOf } from '../actor'
import { AppError } from '../errors'
import { newEvent, outboxPut } from '../events/outbox'
import { allows, type OrganizationContext } from '../organizations/public'
import { getCampaignRecord } from './campaigns.repo'
import { currentContent, type Refusal, refusalsOf, senderValues } from './checks'
import type { CampaignRecord } from './model'
import {
  cancelSending,
  pauseSending,
  resumeSending,
  retryFailed,
  retryUnconfirmed,
  startSending,
} from './sending/public'
import { changeCampaign } from './state'
import { templateUsePut } from './template-uses.repo'
import { toCampaignView } from './view'

/**
 * The state machine (`CAMPAIGN_ACTIONS` in the contracts): the status each action leads to from each status it
 * is allowed in. `DRAFT → SCHEDULED → SENDING ⇄ PAUSED → SENT`, or `CANCELLED`; retries reopen a send.
 */
const TRANSITIONS: Record<CampaignAction, Partial<Record<CampaignStatus, CampaignStatus>>> = {
  schedule: { DRAFT: 'SCHEDULED' },
  send: { DRAFT: 'SENDING', SCHEDULED: 'SENDING' },
  pause: { SENDING: 'PAUSED' },
  resume: { PAUSED: 'SENDING' },
  cancel: { SCHEDULED: 'CANCELLED', SENDING: 'CANCELLED', PAUSED: 'CANCELLED' },
  retryFailed: { SENDING: 'SENDING', SENT: 'SENDING' },
  retryUnconfirmed: { SENDING: 'SENDING', SENT: 'SENDING' },
}

/** The status `action` leads to from `status`, or null when the status does not allow it. */
export function nextStatus(status: CampaignStatus, action: CampaignAction): CampaignStatus | null {
  return TRANSITIONS[action][status] ?? null
}

const ACTION_WORDS: Record<CampaignAction, string> = {
  schedule: 'scheduled',
  send: 'sent',
  pause: 'paused',
  resume: 'resumed',
  cancel: 'cancelled',
  retryFailed: 'retried (failed recipients)',
  retryUnconfirmed: 'retried (unconfirmed recipients)',
}

export const invalidTransition = (status: CampaignStatus, action: CampaignAction, why?: string) =>
  new AppError(
    'campaigns.invalid_transition',
    why ?? `A ${status.toLowerCase()} campaign cannot be ${ACTION_WORDS[action]}.`,
  )

export function refused(refusals: Refusal[]): AppError {
  return new AppError(
    'campaigns.preflight_refused',
    `The campaign cannot be sent yet: ${refusals.map((refusal) => refusal.message).join(' ')}`,
  )
}

/**
 * Sending reaches every contact: sending, scheduling, resuming and retrying need `campaigns.send` (owners and
 * admins; a key with `campaigns:send`), whichever route asks (403 before anything changes).
 */
export function assertMaySend(context: OrganizationContext): void {
  if (allows(context, 'campaigns.send')) return
  throw new AppError(
    'permission.denied',
    context.actor.kind === 'apiKey'
      ? 'This API key lacks the campaigns:send scope sending needs.'
      : 'Sending a campaign needs an owner or admin of the organization: ask one to send or schedule it.',
  )
}

const unscheduled = (record: CampaignRecord, actor: Principal) =>
  outboxPut(newEvent('campaign.unscheduled', record.orgId, { campaignId: record.id }, actor))

/**
 * Applies a state change asked through `PATCH { action }`: checked against the campaign's current status (the
 * run's, once sending), then carried out by the engine's entry point. A race lost to another change answers 409.
 */
export async function applyAction(
  context: OrganizationContext,
  record: CampaignRecord,
  action: CampaignAction,
  /** `schedule`: the time to schedule a draft at, set with the change (the draft's own when absent). */
  options: { schedule?: CampaignSchedule } = {},
): Promise<Campaign> {
  if (sendsToContacts(action)) assertMaySend(context)
  const actor = principalOf(context.actor)
  const { status } = await toCampaignView(record)
  if (!nextStatus(status, action)) throw invalidTransition(status, action)
  const { orgId, id } = record
  switch (action) {
    case 'schedule':
      await schedule(record, actor, options.schedule)
      break
    case 'send':
      await send(record, actor)
      break
    case 'pause':
      if (!(await pauseSending(orgId, id, undefined, { actor }))) throw invalidTransition(status, action)
      break
    case 'resume':
      if (!(await resumeSending(orgId, id))) throw invalidTransition(status, action)
      break
    case 'cancel':
      await cancel(record, actor)
      break
    case 'retryFailed':
      if ((await retryFailed(orgId, id)) === 0) {
        throw invalidTransition(status, action, 'No recipient failed: there is nothing to retry.')
      }
      break
    case 'retryUnconfirmed':
      if ((await retryUnconfirmed(orgId, id)) === 0) {
        throw invalidTransition(status, action, 'No recipient is unconfirmed: there is nothing to retry.')
      }
      break
  }
  const current = await getCampaignRecord(orgId, id)
  if (!current) throw new AppError('campaigns.not_found', 'No such campaign.')
  return toCampaignView(current)
}

async function schedule(record: CampaignRecord, actor: Principal, set?: CampaignSchedule): Promise<void> {
  const at = (set ?? record.schedule)?.at
  if (!at || Date.parse(at) <= Date.now()) {
    throw new AppError('campaigns.schedule_invalid', 'Set a time in the future to send at, then schedule.')
  }
  const refusals = await refusalsOf(record)
  if (refusals.length > 0) throw refused(refusals)
  const changed = await changeCampaign(
    record.orgId,
    record.id,
    (current) =>
      current.status === 'DRAFT'
        ? { ...current, ...(set ? { schedule: set } : {}), status: 'SCHEDULED', pauseReason: null }
        : null,
    () => [outboxPut(newEvent('campaign.scheduled', record.orgId, { campaignId: record.id, at }, actor))],
  )
  if (changed === null) throw invalidTransition(record.status, 'schedule')
}

/**
 * Sends now: the template's current version is pinned and handed to the engine (which publishes it as the
 * campaign's own SES template and writes the ledger before any send), then the record says SENDING. Starting is
 * idempotent in the engine, so a crash between the two is repaired by sending again.
 */
export async function send(record: CampaignRecord, actor: Principal, now = new Date()): Promise<void> {
  // The version checked is the version pinned.
  const content = (await currentContent(record)) ?? null
  const refusals = await refusalsOf(record, content)
  if (refusals.length > 0) throw refused(refusals)
  const { orgId, id, sender, templateId } = record
  if (!sender || !templateId || !content) throw new AppError('template.not_found', 'No such template.')
  const run = await startSending(
    orgId,
    {
      id,
      orgId,
      awsAccountId: record.awsAccountId,
      fromEmail: sender.fromEmail,
      fromName: sender.fromName || null,
      replyTo: sender.replyTo,
      topicIds: record.topicIds,
      missingVariables: record.missingVariables,
      senderValues: await senderValues(record),
      content: { templateId, ...content },
    },
    now,
  )
  const changed = await changeCampaign(
    orgId,
    id,
    (current) =>
      current.status === 'DRAFT' || current.status === 'SCHEDULED'
        ? {
            ...current,
            status: 'SENDING',
            pinnedVersion: content.version,
            startedAt: run.startedAt,
            pauseReason: null,
          }
        : null,
    // The template's use (per-template analytics) is recorded in the transaction that pins its version.
    (after) => [
      ...(record.status === 'SCHEDULED' ? [unscheduled(after, actor)] : []),
      ...templateUsePut(after),
      outboxPut(
        newEvent(
          'campaign.sent',
          orgId,
          {
            campaignId: id,
            name: after.name,
            awsAccountId: after.awsAccountId,
            templateId,
            version: content.version,
          },
          actor,
          now,
        ),
      ),
    ],
  )
  if (changed === null) throw invalidTransition(record.status, 'send')
}

async function cancel(record: CampaignRecord, actor: Principal): Promise<void> {
  if (record.status === 'SCHEDULED') {
    const changed = await changeCampaign(
      record.orgId,
      record.id,
      (current) =>
        current.status === 'SCHEDULED'
          ? { ...current, status: 'CANCELLED', finishedAt: new Date().toISOString() }
          : null,
      (after) => [
        unscheduled(after, actor),
        outboxPut(
          newEvent('campaign.cancelled', after.orgId, { campaignId: after.id, name: after.name }, actor),
        ),
      ],
    )
    if (changed === null) throw invalidTransition(record.status, 'cancel')
    return
  }
  if (!(await cancelSending(record.orgId, record.id, { actor, name: record.name })))
    throw invalidTransition(record.status, 'cancel')
}
