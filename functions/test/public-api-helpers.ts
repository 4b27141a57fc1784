/** Callers of the public API (`/api/v1/…`) in tests: API keys made by core's `createApiKey`. */
import type { ApiScope } from '@app/contracts'
import type { UserActor } from '@app/core'
import { createApiKey } from '@app/core/api-keys/api-keys'
import { organizationContext } from '@app/core/organizations/context'
import type { CampaignOrg } from './campaign-helpers'
import { api } from './stack'

type Owner = CampaignOrg['owner']

const actorOf = (user: Owner): UserActor => ({
  kind: 'user',
  accountId: user.sub,
  username: user.sub,
  email: user.email,
  emailVerified: true,
  groups: [],
})

/** A new key of the organization with these scopes (made by its owner). */
export async function keyFor(setup: Pick<CampaignOrg, 'owner' | 'orgId'>, scopes: ApiScope[]) {
  const context = await organizationContext(actorOf(setup.owner), setup.orgId, 'organization.read')
  return (await createApiKey(context, { name: 'CI', scopes })).key
}

/** The public API as an API key calls it. */
export function keyed(key: string) {
  const client = api()
  const headers = { authorization: `Bearer ${key}` }
  return {
    post: (path: string, body?: unknown, extra: Record<string, string> = {}) =>
      client.request('POST', path, { body, headers: { ...headers, ...extra } }),
    get: (path: string) => client.request('GET', path, { headers }),
    patch: (path: string, body?: unknown) => client.request('PATCH', path, { body, headers }),
    delete: (path: string) => client.request('DELETE', path, { headers }),
  }
}
