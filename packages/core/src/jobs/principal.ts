import type { Permission } from '@app/contracts'
import type { Actor, ApiKeyActor } from '../actor'
import { systemActor } from '../actor'
import { AppError } from '../errors'
import { type OrganizationContext, organizationContext } from '../organizations/public'
import type { JobRecord } from './jobs.repo'

/**
 * An organization's API key as it is now (its current scopes), or undefined once it is deleted or revoked. The
 * api-keys domain sits above jobs, so it hands its lookup in with `useApiKeyLookup` where a worker starts.
 */
export type ApiKeyLookup = (orgId: string, keyId: string) => Promise<ApiKeyActor | undefined>

let apiKeyLookup: ApiKeyLookup | undefined

export function useApiKeyLookup(lookup: ApiKeyLookup | undefined): void {
  apiKeyLookup = lookup
}

const refused = (message: string) => new AppError('permission.denied', message)

/** Who the job acts as, rebuilt from the principal that started it, as that caller is now. */
async function currentActor(job: JobRecord): Promise<Actor> {
  const principal = job.createdBy
  switch (principal.type) {
    case 'user':
      return {
        kind: 'user',
        accountId: principal.accountId,
        username: principal.accountId,
        email: principal.email,
        emailVerified: true,
        groups: [],
      }
    case 'system':
      return systemActor(principal.name)
    case 'apiKey': {
      if (!apiKeyLookup)
        throw refused(
          `This job was started by API key ${principal.keyId}, and API keys cannot be checked again yet: start it again as a signed-in user.`,
        )
      const key = await apiKeyLookup(job.orgId, principal.keyId)
      if (!key) throw refused(`The API key ${principal.keyId} that started this job no longer exists.`)
      return key
    }
    case 'token':
      throw refused('A job started through a signed link cannot act for the organization.')
  }
}

/**
 * Checks, when a job runs, that whoever started it may still do what it does: a user is still a member with the
 * permission, an API key still exists and holds the scope, the system is trusted. Otherwise 403
 * `permission.denied` (the job's items fail with it). Answers the context the job's changes are made in.
 */
export async function requireJobPrincipal(
  job: JobRecord,
  permission: Permission,
): Promise<OrganizationContext> {
  return organizationContext(await currentActor(job), job.orgId, permission)
}
