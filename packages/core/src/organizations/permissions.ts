import type { Role } from '@app/contracts'
import { AppError } from '../errors'

/**
 * What each role may do in an organization. Every call that touches an organization checks membership
 * (a non-member gets 404) and then one of these permissions (a member without it gets 403).
 */
export const PERMISSIONS = {
  'organization.read': ['OWNER', 'ADMIN', 'MEMBER'],
  'organization.rename': ['OWNER', 'ADMIN'],
  'organization.choose_plan': ['OWNER', 'ADMIN'],
  'organization.delete': ['OWNER'],
  'billing.read': ['OWNER', 'ADMIN', 'MEMBER'],
  'billing.manage': ['OWNER', 'ADMIN'],
  'team.invite': ['OWNER', 'ADMIN'],
  'team.remove': ['OWNER', 'ADMIN'],
  'content.write': ['OWNER', 'ADMIN', 'MEMBER'],
  'aws_accounts.manage': ['OWNER', 'ADMIN'],
} as const satisfies Record<string, readonly Role[]>

export type Permission = keyof typeof PERMISSIONS

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role)
}

export function assertCan(role: Role, permission: Permission): void {
  if (!can(role, permission)) {
    throw new AppError('permission.denied', `Your role (${role}) does not allow this (${permission}).`)
  }
}
