import {
  type CreateOrganizationBody,
  LIVE_SUBSCRIPTION_STATUSES,
  type OrganizationSummary,
  type Role,
  START_ACTIONS_PER_MONTH,
  type UpdateOrganizationBody,
} from '@app/contracts'
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb'
import { ulid } from 'ulid'
import type { Actor } from '../actor'
import { dynamo } from '../aws'
import { nowIso } from '../db/table'
import { AppError, isConditionalCheckFailure } from '../errors'
import { purgeOrganization } from '../purge/purge'
import * as Repo from './organizations.repo'
import { assertCan, type Permission } from './permissions'
import { availableActions, quotaMonth } from './quota'

export type { OrganizationRecord } from './organizations.repo'

export function toSummary(org: Repo.OrganizationRecord, role: Role, now = new Date()): OrganizationSummary {
  return {
    id: org.id,
    name: org.name,
    plan: org.plan,
    subscriptionStatus: org.subscriptionStatus,
    availableActions: availableActions(org, now),
    role,
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

/** Owner only. Access ends at once; what the organization owns is removed now or by the purge worker. */
export async function deleteOrganization(actor: Actor, orgId: string): Promise<void> {
  await requireMembership(actor, orgId, 'organization.delete')
  await purgeOrganization(orgId)
}

/**
 * Spends one template action for a START organization (create, duplicate, update or remove of a template).
 * Paid plans are unlimited; exhausted START answers 402 until the 1st of next month (UTC).
 */
export async function spendTemplateAction(orgId: string, now = new Date()): Promise<void> {
  const org = await Repo.getOrganization(orgId)
  if (!org) throw notFound()
  if (org.plan !== 'START') return
  const spent = await Repo.spendStartAction(orgId, quotaMonth(now), START_ACTIONS_PER_MONTH)
  if (!spent) {
    const after = await Repo.getOrganization(orgId)
    if (after && after.plan !== 'START') return
    throw new AppError(
      'plan.actions_exhausted',
      `The START plan includes ${START_ACTIONS_PER_MONTH} template actions a month; they restore on the 1st. Upgrade for unlimited template management.`,
    )
  }
}
