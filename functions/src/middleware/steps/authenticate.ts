import { type CallerKind, callerKinds, type RouteEntry } from '@app/contracts'
// Named imports from the modules themselves, so a group's bundle carries only what its own handlers use
// (a namespace object would pull in every function of the module and, through them, the Stripe SDK).
import { requireActiveAccount } from '@app/core/accounts/public'
import { requireOperator } from '@app/core/auth/public'
import { AppError } from '@app/core/errors'
import { type Authenticators, credentialOf } from '../actor'
import { callOf, type Event, type Step } from '../pipeline'

/** The route names its organization in the request (not through a resource or the caller's selection). */
export function namesItsOrganization(route: RouteEntry): boolean {
  const source = route.organization
  return Boolean(route.permission && source && !source.owner && !source.orSelected)
}

const WHAT_IT_TAKES: Record<string, string> = {
  user: 'Sign in to continue.',
  apiKey: 'This call takes an API key (Authorization: Bearer ssk_live_…).',
  'user,apiKey': 'Sign in, or present an API key (Authorization: Bearer ssk_live_…).',
}

/**
 * The kind of caller a call is, from the credential it presents, if the route accepts that kind: a Cognito ID
 * token (or the JWT authorizer's claims) is a user, `Bearer ssk_…` an API key. No credential, one that is
 * neither, or a kind the route does not take: 401.
 */
export function callerKindFor(route: RouteEntry, event: Event): CallerKind {
  const accepted = callerKinds(route)
  const credential = credentialOf(event)
  const refuse = (why: string) => new AppError('auth.unauthorized', why)
  if (credential.kind === 'malformed')
    throw refuse('The Authorization header is neither an ID token nor an API key.')
  if (credential.kind === 'none') throw refuse(WHAT_IT_TAKES[accepted.join(',')] ?? 'Sign in to continue.')
  if (!accepted.includes(credential.kind))
    throw refuse(
      credential.kind === 'apiKey'
        ? 'This call does not take API keys: sign in to continue.'
        : 'This call takes an API key, not a sign-in.',
    )
  return credential.kind
}

/**
 * Step 3: the caller, per the route's `auth` (one kind, or the kinds it accepts, told apart by the credential:
 * `callerKindFor`). A user gets the signed-in user (401 without a valid ID token), a suspended account is
 * refused (unless `allowSuspended`; a call naming its organization checks it in the organization step, from the
 * same read) and so are non-operators on `admin` routes (403); an API key its key (401 unknown, wrong or
 * revoked; 403 `permission.denied` naming the route's `scope` when the key lacks it). `token` and `none` routes have no caller here: `token` routes verify their proof in core.
 */
export function authenticate(authenticators: Authenticators): Step {
  return {
    name: 'authenticate',
    before: async (request) => {
      const call = callOf(request.event)
      const { route, log } = call
      const kinds = callerKinds(route)
      if (kinds.length === 0) return
      // One kind: its authenticator refuses any other credential itself.
      const kind = kinds.length === 1 ? kinds[0] : callerKindFor(route, request.event)
      if (kind === 'user') {
        const checkAccount = !route.allowSuspended
        call.accountWithContext = checkAccount && namesItsOrganization(route)
        const user = await authenticators.user(request.event)
        call.actor = user
        log.debug('actor', { accountId: user.accountId })
        if (checkAccount && !call.accountWithContext) call.account = await requireActiveAccount(user)
        if (route.admin) requireOperator(user)
      } else {
        const key = await authenticators.apiKey(request.event)
        call.actor = key
        log.debug('actor', { keyId: key.keyId })
        // Scopes can share a permission (campaigns:write, campaigns:send): the route's own scope is what counts.
        if (route.scope && !key.scopes.includes(route.scope))
          throw new AppError(
            'permission.denied',
            `This API key lacks the ${route.scope} scope this call needs.`,
          )
      }
    },
  }
}
