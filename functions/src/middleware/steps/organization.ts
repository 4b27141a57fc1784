import type { Permission } from '@app/contracts'
import { defaultOrganizationOf, requireActiveAccountIn } from '@app/core/accounts/public'
import { organizationContext } from '@app/core/organizations/public'
import { type OwnerLookups, resolveOrganization } from '../organization'
import { callOf, type Step } from '../pipeline'

/**
 * Step 4: routes acting for an organization get their context — the organization the call names (or its
 * resource's owner), the caller's role there and the route's permission, checked once (`../organization.ts`).
 * Before validation, so a stranger answers the same whatever was sent. A signed-in call naming its organization
 * reads profile, member and organization in one BatchGet, and its active-account check is made from it.
 */
export function organization(owners: OwnerLookups): Step {
  return {
    name: 'organization',
    before: async (request) => {
      const call = callOf(request.event)
      const { route, actor } = call
      if (!actor) return
      const load = async (organizationId: string, permission: Permission) => {
        if (actor.kind !== 'user' || !call.accountWithContext)
          return organizationContext(actor, organizationId, permission)
        const found = await requireActiveAccountIn(actor, organizationId, permission)
        call.account = found.account
        return found.context
      }
      call.context = await resolveOrganization({
        route,
        event: request.event,
        body: call.sent,
        load,
        owners,
        actor,
        selected: async () => (call.account ? defaultOrganizationOf(call.account) : undefined),
      })
    },
  }
}
