import { applyTransitions, getRecipients, type Transition } from './ledger.repo'
import type { SesOutcome } from './model'

/**
 * An SES event routed to its recipient by the message's `campaign` and `contact` tags (ses-monitoring's event
 * routing calls it). SEND (or any later event of the message: DELIVERY, BOUNCE, COMPLAINT) proves SES accepted it:
 * an UNKNOWN or UNCONFIRMED recipient is SENT with that message id, and so is one still CLAIMED whose worker has
 * not written its answer yet. RENDERING_FAILURE and REJECT mean SES dropped the message: the recipient is FAILED
 * with that reason. Safe to repeat (conditional writes); an event of an older copy of a retried recipient that
 * is PENDING again changes nothing. Answers whether the ledger changed.
 */
export async function recordSesOutcome(outcome: SesOutcome): Promise<boolean> {
  const { orgId, campaignId, contactId } = outcome
  const [recipient] = await getRecipients(orgId, campaignId, [contactId])
  if (!recipient) return false
  let transition: Transition | undefined
  if (outcome.type === 'RENDERING_FAILURE' || outcome.type === 'REJECT') {
    if (recipient.status === 'SENT' || recipient.status === 'UNKNOWN' || recipient.status === 'UNCONFIRMED') {
      if (recipient.messageId && recipient.messageId !== outcome.sesMessageId) return false
      transition = {
        contactId,
        from: recipient.status,
        to: 'FAILED',
        set: {
          messageId: outcome.sesMessageId,
          reason:
            outcome.type === 'REJECT'
              ? {
                  code: 'ses.rejected',
                  message: 'SES rejected the message (it contained a virus or was refused).',
                }
              : {
                  code: 'ses.rendering_failure',
                  message:
                    'SES could not render the template with this recipient’s data and dropped the message.',
                },
        },
      }
    }
  } else if (
    recipient.status === 'UNKNOWN' ||
    recipient.status === 'UNCONFIRMED' ||
    recipient.status === 'CLAIMED'
  ) {
    transition = {
      contactId,
      from: recipient.status,
      to: 'SENT',
      ...(recipient.status === 'CLAIMED' && recipient.batchId ? { batchId: recipient.batchId } : {}),
      set: { messageId: outcome.sesMessageId, reason: null },
    }
  }
  if (!transition) return false
  return (await applyTransitions(orgId, campaignId, [transition])).length === 1
}
