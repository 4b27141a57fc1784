import { permissionOfScope, type Role } from '@app/contracts'
import type { Actor, UserActor } from '../actor'
import { AppError } from '../errors'
import * as Repo from './organizations.repo'
import { assertCan, can, type Permission } from './permissions'

/**
 * What a call acting for an organization runs with: the caller, the organization (read once) and the caller's
 * role in it. The API middleware builds it once per request after checking the route's permission; core
 * functions take it and never check membership again.
 */
export interface OrganizationContext {
  actor: Actor
  organizationId: string
  organization: Repo.OrganizationRecord
  /** The caller's role: null for callers that are no member (API keys, the system). */
  role: Role | null
}

export const organizationNotFound = () => new AppError('organization.not_found', 'No such organization.')

/**
 * Whether the context's caller may do this: by role for users; for API keys, when one of its scopes stands for the
 * permission (`API_SCOPES`); the system may.
 */
export function allows(
  context: Pick<OrganizationContext, 'actor' | 'role'>,
  permission: Permission,
): boolean {
  const { actor } = context
  if (actor.kind === 'system') return true
  if (actor.kind === 'apiKey') return actor.scopes.some((scope) => permissionOfScope(scope) === permission)
  if (actor.kind === 'token') return false
  return context.role !== null && can(context.role, permission)
}

/** 403 `permission.denied` unless the caller may (see `allows`). */
export function assertAllowed(context: OrganizationContext, permission: Permission): void {
  if (allows(context, permission)) return
  if (context.role) assertCan(context.role, permission)
  throw new AppError('permission.denied', `This key does not allow this (${permission}).`)
}

/**
 * The context of a call acting for `organizationId`: the organization and the caller's membership, or 404 — for
 * a non-member the organization does not exist, so another tenant's ids reveal nothing. Then the permission
 * (403 otherwise). An API key acts for its own organization only; the system for any that exists.
 */
export async function organizationContext(
  actor: Actor,
  organizationId: string,
  permission: Permission,
): Promise<OrganizationContext> {
  const role: Role | null = null
  let organization: Repo.OrganizationRecord | undefined
  if (actor.kind === 'user') {
    const [member, org] = await Promise.all([
      Repo.getMember(organizationId, actor.accountId),
      Repo.getOrganization(organizationId),
    ])
    return memberContext({ actor, organizationId, member, organization: org }, permission)
  } else if (actor.kind === 'apiKey') {
    if (actor.organizationId !== organizationId) throw organizationNotFound()
    organization = await Repo.getOrganization(organizationId)
  } else if (actor.kind === 'system') {
    organization = await Repo.getOrganization(organizationId)
  }
  if (!organization) throw organizationNotFound()
  const context = { actor, organizationId, organization, role }
  assertAllowed(context, permission)
  return context
}

/** A user's context from their member item and the organization item, read together by the caller. */
export function memberContext(
  found: {
    actor: UserActor
    organizationId: string
    member: Repo.MemberRecord | undefined
    organization: Repo.OrganizationRecord | undefined
  },
  permission: Permission,
): OrganizationContext {
  const { actor, organizationId, member, organization } = found
  if (!member || !organization) throw organizationNotFound()
  const context = { actor, organizationId, organization, role: member.role }
  assertAllowed(context, permission)
  return context
}

/** The caller's role, for answers that show it (a user's view of the organization); 403 for non-members. */
export function memberRole(context: OrganizationContext): Role {
  if (context.role) return context.role
  throw new AppError('permission.denied', 'Only a member of the organization can do this.')
}
