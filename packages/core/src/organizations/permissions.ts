import { can, type Permission, type Role } from '@app/contracts'
import { AppError } from '../errors'

// The table lives in contracts: the route table names a permission per route.
export { can, PERMISSIONS, type Permission } from '@app/contracts'

export function assertCan(role: Role, permission: Permission): void {
  if (!can(role, permission)) {
    throw new AppError('permission.denied', `Your role (${role}) does not allow this (${permission}).`)
  }
}
