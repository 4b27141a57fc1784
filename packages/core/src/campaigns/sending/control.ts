import type { Principal } from '@app/contracts'
import { getConnection } from '../../aws-accounts/public'
import { transact } from '../../db/transact'
import { AppError } from '../../errors'
import { newEvent, outboxPut } from '../../events/outbox'
import { applyTransitions, queryByStatus, readCounts, SHARDS } from './ledger.repo'
import type { PauseReason, RecipientStatus, SendingCampaign, SendingState } from './model'
import { enqueueDispatch } from './queue'
import { getRun, putRun, type RunRecord, runUpdateItem, updateRun } from './runs.repo'
import { campaignTemplateName, publishCampaignTemplate } from './ses-template'
import { templateVariables } from './variables'

/** The sending engine, when it pauses a run itself (an account-level error). */
const ENGINE: Principal = { type: 'system', name: 'campaigns.engine' }

/** The run's state as the campaign shows it (undefined before any send). */
export async function sendingState(orgId: string, campaignId: string): Promise<SendingState | undefined> {
  const run = await getRun(orgId, campaignId)
  if (!run) return undefined
  return {
    status: run.status,
    materialising: run.materialising,
    pauseReason: run.pauseReason,
    waitingUntil: run.waitingUntil,
    counts: await readCounts(orgId, campaignId),
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
  }
}

/**
 * Starts (or, repeated, finds) the campaign's run: publishes the pinned version as the campaign-owned SES
 * template, writes the run and enqueues its first dispatch step (which writes the ledger before any send).
 */
export async function startSending(
  orgId: string,
  campaign: SendingCampaign,
  now = new Date(),
): Promise<SendingState> {
  const existing = await getRun(orgId, campaign.id)
  if (!existing) {
    const connection = await getConnection(orgId, campaign.awsAccountId)
    if (!connection?.verified)
      throw new AppError('aws_account.not_found', 'The campaign’s AWS account is not connected and verified.')
    const sesTemplateName = campaignTemplateName(campaign.id)
    await publishCampaignTemplate(connection, sesTemplateName, campaign.content)
    const at = now.toISOString()
    const run: RunRecord = {
      orgId,
      campaignId: campaign.id,
      status: 'SENDING',
      materialising: true,
      generation: 1,
      dispatchSeq: 0,
      checkpoint: { topicIndex: 0, cursor: null },
      awsAccountId: campaign.awsAccountId,
      fromEmail: campaign.fromEmail,
      fromName: campaign.fromName,
      replyTo: campaign.replyTo,
      configurationSet: connection.monitoring?.configurationSetName ?? null,
      topicIds: campaign.topicIds,
      missingVariables: campaign.missingVariables,
      senderValues: campaign.senderValues ?? { postalAddress: '', organizationName: '' },
      sesTemplateName,
      variables: templateVariables(campaign.content),
      templateDeleted: false,
      pauseReason: null,
      waitingUntil: null,
      startedAt: at,
      finishedAt: null,
      updatedAt: at,
    }
    if (await putRun(run)) await enqueueDispatch({ orgId, campaignId: campaign.id, generation: 1, seq: 0 })
  }
  return (await sendingState(orgId, campaign.id)) as SendingState
}

/**
 * Pauses a SENDING run (a user, or the engine on an account-level error with its reason): claimed batches not yet
 * attempted go back to PENDING as their workers see the new generation; the `campaign.paused` event is written
 * with the change. False when the run is not SENDING (or, with `generation`, no longer that generation: an old
 * batch's answer never pauses a run resumed since).
 */
export async function pauseSending(
  orgId: string,
  campaignId: string,
  reason: Omit<PauseReason, 'at'> = { code: 'paused_by_user', message: 'Paused by a member.' },
  options: { now?: Date; generation?: number; actor?: Principal } = {},
): Promise<boolean> {
  const now = options.now ?? new Date()
  const actor = options.actor ?? ENGINE
  for (;;) {
    const run = await getRun(orgId, campaignId)
    if (run?.status !== 'SENDING') return false
    if (options.generation !== undefined && run.generation !== options.generation) return false
    const pauseReason = { ...reason, at: now.toISOString() }
    try {
      await transact([
        runUpdateItem(run, { status: 'PAUSED', pauseReason }, { bump: true }),
        outboxPut(newEvent('campaign.paused', orgId, { campaignId, reason: pauseReason }, actor, now)),
      ])
      return true
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'TransactionFailed') throw error
    }
  }
}

/** Resumes a PAUSED run (with a new generation) and enqueues its dispatch. False when it is not PAUSED. */
export async function resumeSending(orgId: string, campaignId: string): Promise<boolean> {
  for (;;) {
    const run = await getRun(orgId, campaignId)
    if (run?.status !== 'PAUSED') return false
    if (await updateRun(run, { status: 'SENDING', pauseReason: null, waitingUntil: null }, { bump: true })) {
      await enqueueDispatch({ orgId, campaignId, generation: run.generation + 1, seq: run.dispatchSeq })
      return true
    }
  }
}

/**
 * Cancels a SENDING or PAUSED run: no new batch goes out (a batch already at SES finishes); its dispatch step
 * deletes the campaign-owned template. PENDING recipients stay PENDING (never sent). False otherwise.
 */
export async function cancelSending(
  orgId: string,
  campaignId: string,
  by: { actor: Principal; name: string },
  now = new Date(),
): Promise<boolean> {
  for (;;) {
    const run = await getRun(orgId, campaignId)
    if (!run || (run.status !== 'SENDING' && run.status !== 'PAUSED')) return false
    try {
      await transact([
        runUpdateItem(run, { status: 'CANCELLED', finishedAt: now.toISOString() }, { bump: true }),
        outboxPut(newEvent('campaign.cancelled', orgId, { campaignId, name: by.name }, by.actor, now)),
      ])
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'TransactionFailed') throw error
      continue
    }
    await enqueueDispatch({ orgId, campaignId, generation: run.generation + 1, seq: run.dispatchSeq })
    return true
  }
}

/** Moves every recipient in `from` back to PENDING (shard by shard, 50 at a time) and sends again. */
async function requeue(
  orgId: string,
  campaignId: string,
  from: Extract<RecipientStatus, 'FAILED' | 'UNCONFIRMED'>,
): Promise<number> {
  const run = await getRun(orgId, campaignId)
  if (!run || run.materialising || run.status === 'CANCELLED') return 0
  let moved = 0
  for (const shard of SHARDS) {
    for (;;) {
      const page = await queryByStatus(orgId, campaignId, from, shard, { limit: 50 })
      if (page.length === 0) break
      const done = await applyTransitions(
        orgId,
        campaignId,
        page.map((recipient) => ({
          contactId: recipient.contactId,
          from,
          to: 'PENDING' as const,
          set: { reason: null, attempts: 0, ...(from === 'UNCONFIRMED' ? { retried: true } : {}) },
        })),
      )
      moved += done.length
      if (done.length === 0) break
    }
  }
  if (moved > 0) await reopen(run)
  return moved
}

/** A finished (SENT) run with recipients PENDING again goes back to SENDING with a dispatch. */
async function reopen(run: RunRecord): Promise<void> {
  for (let current: RunRecord | undefined = run; current; current = await getRun(run.orgId, run.campaignId)) {
    if (current.status === 'PAUSED' || current.status === 'CANCELLED') return
    if (current.status === 'SENDING') {
      await enqueueDispatch({
        orgId: run.orgId,
        campaignId: run.campaignId,
        generation: current.generation,
        seq: current.dispatchSeq,
      })
      return
    }
    const reopened = await updateRun(current, { status: 'SENDING', finishedAt: null }, { bump: true })
    if (reopened) {
      await enqueueDispatch({
        orgId: run.orgId,
        campaignId: run.campaignId,
        generation: current.generation + 1,
        seq: current.dispatchSeq,
      })
      return
    }
  }
}

/** "Retry failed": only FAILED recipients are sent again. Answers how many. */
export const retryFailed = (orgId: string, campaignId: string) => requeue(orgId, campaignId, 'FAILED')

/** "Retry unconfirmed": the sender accepts that some may receive a second copy (each flagged `retried`). */
export const retryUnconfirmed = (orgId: string, campaignId: string) =>
  requeue(orgId, campaignId, 'UNCONFIRMED')
