/** Organizations and acting for one. */
export const ORGANIZATION_ERROR_STATUS = {
  'organization.not_found': 404,
  'organization.plan_not_selectable': 409,
} as const
