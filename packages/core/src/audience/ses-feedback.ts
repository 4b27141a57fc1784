import type { Logger } from '../log'
import { addSoftBounce, endStreak } from './bounce-streaks.repo'
import { suppress } from './suppression'

/** Soft bounces in a row (no delivery between them) after which an address is suppressed. */
export const SOFT_BOUNCES_TO_SUPPRESS = 3

export interface SesSuppression {
  reason: 'bounce' | 'complaint'
  source: 'bounce' | 'complaint' | 'ses-suppression-list'
  /** Said on the consent trail and the suppression entry: why. */
  detail: string
  at: string
}

/**
 * Suppresses an address because SES says so (a bounce, a complaint, the account's suppression list): the
 * organization's suppression entry (kept when the contact is deleted), the contact's trail and its status.
 * 'already' when the address was suppressed before (nothing changes, nothing is added to the trail).
 */
export async function suppressFromSes(
  orgId: string,
  email: string,
  suppression: SesSuppression,
): Promise<'suppressed' | 'already'> {
  const reason =
    suppression.source === 'ses-suppression-list'
      ? 'SES_SUPPRESSION_LIST'
      : suppression.reason === 'complaint'
        ? 'COMPLAINED'
        : 'BOUNCED'
  const { changed } = await suppress(orgId, {
    email: email.trim().toLowerCase(),
    reason,
    source: suppression.source,
    detail: suppression.detail,
    at: Number.isNaN(Date.parse(suppression.at)) ? new Date() : new Date(suppression.at),
  })
  return changed ? 'suppressed' : 'already'
}

/** What SES monitoring hands over of a bounce, complaint or delivery (its `SesEvent`'s fields). */
export interface SesFeedbackEvent {
  messageId: string
  at: string
  detail: string | null
  feedback?: {
    kind: 'permanent_bounce' | 'transient_bounce' | 'complaint' | 'delivery'
    /** Bare, lower-case addresses. */
    recipients: string[]
  }
}

/**
 * Marks the organization's contacts from one SES event its monitoring received: a Permanent bounce or a
 * complaint suppresses at once; a Transient (or Undetermined) bounce counts toward a streak that suppresses at
 * the third in a row; a delivery ends the streak. Idempotent per SES message, so a redelivered SNS notification
 * (or a retry after a failure half-way) changes nothing twice. Runs before the event is logged: a failure here
 * fails the delivery and SNS delivers again.
 */
export async function markFromSesEvent(orgId: string, event: SesFeedbackEvent, log?: Logger): Promise<void> {
  const feedback = event.feedback
  if (!feedback) return
  for (const email of new Set(feedback.recipients)) {
    switch (feedback.kind) {
      case 'permanent_bounce':
      case 'complaint': {
        const complaint = feedback.kind === 'complaint'
        const outcome = await suppressFromSes(orgId, email, {
          reason: complaint ? 'complaint' : 'bounce',
          source: complaint ? 'complaint' : 'bounce',
          detail: complaint
            ? `Complained about message ${event.messageId}`
            : `Permanent bounce of message ${event.messageId}${event.detail ? `: ${event.detail}` : ''}`,
          at: event.at,
        })
        await endStreak(orgId, email)
        log?.info('audience.suppressed_by_ses', { kind: feedback.kind, outcome })
        break
      }
      case 'transient_bounce': {
        const streak = await addSoftBounce(orgId, email, event.messageId)
        if (streak < SOFT_BOUNCES_TO_SUPPRESS) break
        const outcome = await suppressFromSes(orgId, email, {
          reason: 'bounce',
          source: 'bounce',
          detail: `${streak} soft bounces in a row, the last of message ${event.messageId}`,
          at: event.at,
        })
        await endStreak(orgId, email)
        log?.info('audience.suppressed_by_ses', { kind: feedback.kind, outcome, streak })
        break
      }
      case 'delivery':
        await endStreak(orgId, email)
        break
    }
  }
}
