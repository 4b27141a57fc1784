import {
  type CreateOrganizationBody,
  FEATURE_LABELS,
  type Feature,
  LIVE_SUBSCRIPTION_STATUSES,
  lowestTierFor,
  type OrganizationSummary,
  type Principal,
  planUnlocks,
  type Role,
  TIERS,
  type UpdateOrganizationBody,
} from '@app/contracts'
import { ulid } from 'ulid'
import { type Actor, principalOf, type UserActor } from '../actor'
import { nowIso } from '../db/table'
import { transact } from '../db/transact'
import { AppError, isTransactionConditionFailure } from '../errors'
import { newEvent, outboxPut } from '../events/outbox'
import { retry } from '../platform/retry'
import { assertAllowed, memberRole, type OrganizationContext, organizationContext } from './context'
import * as Repo from './organizations.repo'
import type { Permission } from './permissions'
import { availableActions } from './quota'
import { writeWithTemplateActions } from './template-actions'

export type { OrganizationRecord } from './organizations.repo'

export function toSummary(org: Repo.OrganizationRecord, role: Role, now = new Date()): OrganizationSummary {
  return {
    id: org.id,
    name: org.name,
    plan: org.plan,
    subscriptionStatus: org.subscriptionStatus,
    availableActions: availableActions(org, now),
    role,
    priceChangeNotice: org.priceChangeNotice ?? null,
  }
}

/**
 * For core called outside the API (a job run re-checking that its creator may still act): the caller's
 * membership and the permission, as the API middleware checks them once per request (`organizationContext`).
 */
export async function requireMembership(actor: Actor, orgId: string, permission: Permission) {
  const context = await organizationContext(actor, orgId, permission)
  return { org: context.organization, context }
}

export function newOrganization(actor: UserActor, name: string, now = nowIso()) {
  const org: Repo.OrganizationRecord = {
    id: ulid(),
    name,
    plan: null,
    subscriptionStatus: null,
    createdAt: now,
    createdBy: actor.accountId,
  }
  const owner: Repo.MemberRecord = { orgId: org.id, accountId: actor.accountId, role: 'OWNER', joinedAt: now }
  return { org, owner, writes: Repo.createOrganizationWrites(org, owner) }
}

export async function createOrganization(
  actor: UserActor,
  input: CreateOrganizationBody,
): Promise<OrganizationSummary> {
  const { org, writes } = newOrganization(actor, input.name)
  await transact(writes)
  return toSummary(org, 'OWNER')
}

/** Renames (`organization.rename`) and chooses START (`organization.choose_plan`); the route needs read. */
export async function updateOrganization(
  context: OrganizationContext,
  input: UpdateOrganizationBody,
): Promise<OrganizationSummary> {
  const { organizationId: orgId } = context
  let updated = context.organization
  if (input.name !== undefined) {
    assertAllowed(context, 'organization.rename')
    updated = await Repo.renameOrganization(orgId, input.name)
  }
  if (input.plan === 'START') {
    assertAllowed(context, 'organization.choose_plan')
    const from = context.organization.plan ?? null
    const changed = outboxPut(
      newEvent('plan.changed', orgId, { from, to: 'START', status: null }, principalOf(context.actor)),
    )
    try {
      updated = await Repo.chooseStartPlan(orgId, LIVE_SUBSCRIPTION_STATUSES, from, [changed])
    } catch (error) {
      // A live paid subscription, or the plan changed since this request read it.
      if (!isTransactionConditionFailure(error)) throw error
      throw new AppError(
        'organization.plan_not_selectable',
        'This organization has an active paid subscription; change plans from billing.',
      )
    }
  }
  return toSummary(updated, memberRole(context))
}

/** Owner only. Access ends at once; the rest follows `organization.deleted` (see `removeOrganization`). */
export async function deleteOrganization(context: OrganizationContext): Promise<void> {
  const actor = principalOf(context.actor)
  await removeOrganization(context.organizationId, actor.type === 'user' ? actor : null)
}

/**
 * Deletes the organization's profile (every access check fails from then on) and publishes
 * `organization.deleted` in the same transaction. Its subscribers cancel the Stripe subscription, take
 * monitoring out of the organization's AWS accounts and purge what it owned. Also used when the last owner
 * deletes their account. The event carries the Stripe customer read with the profile; the delete is
 * conditioned on it, so a checkout finishing meanwhile is not missed (read again and retried).
 */
export async function removeOrganization(
  orgId: string,
  deletedBy: Extract<Principal, { type: 'user' }> | null,
): Promise<void> {
  await retry(
    async () => {
      const org = await Repo.getOrganization(orgId)
      if (!org) return
      const event = newEvent(
        'organization.deleted',
        orgId,
        { stripeCustomerId: org.stripeCustomerId ?? null, deletedBy: deletedBy?.accountId ?? null },
        deletedBy ?? { type: 'system', name: 'organizations' },
      )
      await transact([Repo.deleteOrganizationWrite(org), outboxPut(event)])
    },
    { attempts: 4, baseMs: 0, maxMs: 0, retryable: isTransactionConditionFailure },
  )
}

/** A paid plan grants its features only while its subscription is live; START and no plan grant none. */
export function assertFeature(org: Repo.OrganizationRecord, feature: Feature): void {
  const live =
    org.plan === 'START' ||
    (org.subscriptionStatus !== null && LIVE_SUBSCRIPTION_STATUSES.includes(org.subscriptionStatus))
  if (live && planUnlocks(org.plan, feature)) return
  const tier = TIERS[lowestTierFor(feature)].name
  const why = org.plan && org.plan !== 'START' && !live ? ' Your subscription is no longer active.' : ''
  throw new AppError(
    'plan.feature_locked',
    `${FEATURE_LABELS[feature]} needs the ${tier} plan or higher.${why} Upgrade in Subscription & billing.`,
  )
}

/**
 * Spends one template action on its own (no other write). Template writes spend theirs inside their own
 * transaction with `writeWithTemplateActions`; this is the same mechanism with nothing else to write.
 */
export async function spendTemplateAction(orgId: string, now = new Date()): Promise<void> {
  await writeWithTemplateActions(orgId, 1, [], { now })
}
