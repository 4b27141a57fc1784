import {
  type CreateOrganizationBody,
  FEATURE_LABELS,
  type Feature,
  LIVE_SUBSCRIPTION_STATUSES,
  lowestTierFor,
  type OrganizationSummary,
  planUnlocks,
  type Role,
  TIERS,
  type UpdateOrganizationBody,
} from '@app/contracts'
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import type { Actor } from '../actor'
import { dynamo } from '../aws'
import { listConnections } from '../aws-accounts/public'
import { cancelSubscriptions } from '../billing/subscriptions'
import { nowIso } from '../db/table'
import { AppError, isConditionalCheckFailure } from '../errors'
import { purgeOrganization } from '../purge/purge'
import { removeFromAccount } from '../ses-monitoring/resources'
import * as Repo from './organizations.repo'
import { assertCan, type Permission } from './permissions'
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

const notFound = () => new AppError('organization.not_found', 'No such organization.')

/**
 * The caller's membership in an organization, or 404 — for a non-member the organization does not exist, so
 * another tenant's ids reveal nothing. Then the role must grant the permission (403 otherwise).
 */
export async function requireMembership(actor: Actor, orgId: string, permission: Permission) {
  const [member, org] = await Promise.all([
    Repo.getMember(orgId, actor.accountId),
    Repo.getOrganization(orgId),
  ])
  if (!member || !org) throw notFound()
  assertCan(member.role, permission)
  return { org, member }
}

export function newOrganization(actor: Actor, name: string, now = nowIso()) {
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
  actor: Actor,
  input: CreateOrganizationBody,
): Promise<OrganizationSummary> {
  const { org, writes } = newOrganization(actor, input.name)
  await dynamo().send(new TransactWriteCommand({ TransactItems: writes }))
  return toSummary(org, 'OWNER')
}

export async function updateOrganization(
  actor: Actor,
  orgId: string,
  input: UpdateOrganizationBody,
): Promise<OrganizationSummary> {
  const { org, member } = await requireMembership(actor, orgId, 'organization.read')
  let updated = org
  if (input.name !== undefined) {
    assertCan(member.role, 'organization.rename')
    updated = await Repo.renameOrganization(orgId, input.name)
  }
  if (input.plan === 'START') {
    assertCan(member.role, 'organization.choose_plan')
    try {
      updated = await Repo.chooseStartPlan(orgId, LIVE_SUBSCRIPTION_STATUSES)
    } catch (error) {
      if (!isConditionalCheckFailure(error)) throw error
      throw new AppError(
        'organization.plan_not_selectable',
        'This organization has an active paid subscription; change plans from billing.',
      )
    }
  }
  return toSummary(updated, member.role)
}

/**
 * Owner only. A paid subscription is cancelled first (nobody pays for a deleted organization); then access
 * ends at once and what the organization owns is removed now or by the purge worker.
 */
export async function deleteOrganization(actor: Actor, orgId: string): Promise<void> {
  await requireMembership(actor, orgId, 'organization.delete')
  await removeOrganization(orgId)
}

/**
 * Cancels billing, takes monitoring out of the organization's AWS accounts (best effort: credentials may no
 * longer work), then purges. Also used when the last owner deletes their account.
 */
export async function removeOrganization(orgId: string): Promise<void> {
  await cancelSubscriptions(orgId)
  for (const connection of await listConnections(orgId)) {
    if (connection.monitoring && connection.verified)
      await removeFromAccount(connection, connection.monitoring).catch(() => undefined)
  }
  await purgeOrganization(orgId)
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

/** The gate every plan-gated route passes: membership (404 for strangers), then the plan's features. */
export async function requireFeature(actor: Actor, orgId: string, feature: Feature): Promise<void> {
  const { org } = await requireMembership(actor, orgId, 'organization.read')
  assertFeature(org, feature)
}

/**
 * Spends one template action on its own (no other write). Template writes spend theirs inside their own
 * transaction with `writeWithTemplateActions`; this is the same mechanism with nothing else to write.
 */
export async function spendTemplateAction(orgId: string, now = new Date()): Promise<void> {
  await writeWithTemplateActions(orgId, 1, [], { now })
}
