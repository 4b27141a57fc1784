import type { RouteEntry } from '@app/contracts'
// Named imports from the modules themselves, so a group's bundle carries only what its own handlers use
// (a namespace object would pull in every function of the module and, through them, the Stripe SDK).
import { requireActiveAccount } from '@app/core/accounts/accounts'
import { requireOperator } from '@app/core/auth/operators'
import type { Authenticators } from '../actor'
import { callOf, type Step } from '../pipeline'

/** The route names its organization in the request (not through a resource or the caller's selection). */
export function namesItsOrganization(route: RouteEntry): boolean {
  const source = route.organization
  return Boolean(route.permission && source && !source.owner && !source.orSelected)
}

/**
 * Step 3: the caller, per the route's `auth`. A `user` route gets the signed-in user (401 without valid claims),
 * refuses a suspended account (unless `allowSuspended`; a call naming its organization checks it in the
 * organization step, from the same read) and non-operators on `admin` routes (403); an `apiKey` route its key.
 * `token` and `none` routes have no caller here: `token` routes verify their proof in core.
 */
export function authenticate(authenticators: Authenticators): Step {
  return {
    name: 'authenticate',
    before: async (request) => {
      const call = callOf(request.event)
      const { route, log } = call
      const checkAccount = route.auth === 'user' && !route.allowSuspended
      call.accountWithContext = checkAccount && namesItsOrganization(route)
      if (route.auth === 'user') {
        const user = await authenticators.user(request.event)
        call.actor = user
        log.debug('actor', { accountId: user.accountId })
        if (checkAccount && !call.accountWithContext) call.account = await requireActiveAccount(user)
        if (route.admin) requireOperator(user)
      } else if (route.auth === 'apiKey') {
        const key = await authenticators.apiKey(request.event)
        call.actor = key
        log.debug('actor', { keyId: key.keyId })
      }
    },
  }
}
