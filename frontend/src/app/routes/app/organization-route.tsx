import type { Account, Feature, OrganizationSummary } from '@app/contracts'
import { planUnlocks } from '@app/contracts'
import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { LoaderFunctionArgs, Params } from 'react-router-dom'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import { NoOrganizationPage } from './no-organization'
import { requireAccount } from './require-account'

type Prefetch = (
  queryClient: QueryClient,
  organization: OrganizationSummary,
  context: { account: Account; url: URL; params: Params },
) => void

/**
 * The loader of a page about the selected organization: signs the visitor in (requireAccount's redirects), then
 * lets the page prefetch what it shows while its code loads — only when an organization is selected and, with
 * `unlocks`, only when its plan has the feature (otherwise the API answers 403 and the page shows the lock).
 */
export function organizationLoader(prefetch?: Prefetch, options: { unlocks?: Feature } = {}) {
  return (queryClient: QueryClient) =>
    async ({ request, params }: LoaderFunctionArgs) => {
      const account = await requireAccount(queryClient, request)
      const organization = selectedOrganizationOf(account)
      if (prefetch && organization && (!options.unlocks || planUnlocks(organization.plan, options.unlocks)))
        prefetch(queryClient, organization, { account, url: new URL(request.url), params })
      return null
    }
}

export function useSelectedOrganization() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  return { account, organization: selectedOrganizationOf(account) }
}

/** Renders the page for the selected organization, or its title and where to pick one when none is selected. */
export function OrganizationRoute({
  title,
  missing,
  children,
}: {
  title: string
  missing: ReactNode
  children: (organization: OrganizationSummary) => ReactNode
}) {
  const { organization } = useSelectedOrganization()
  if (!organization) return <NoOrganizationPage title={title}>{missing}</NoOrganizationPage>
  return children(organization)
}
