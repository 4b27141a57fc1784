import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { type LoaderFunctionArgs, Navigate, redirect, useNavigate, useSearchParams } from 'react-router-dom'
import { Alert } from '../../../../components/ui/alert'
import { ButtonLink } from '../../../../components/ui/button'
import { selectedOrganizationOf } from '../../../../features/account/account-state'
import { accountQueries } from '../../../../features/account/api/account'
import { usePermission } from '../../../../features/account/use-permission'
import { wasCheckoutCanceled } from '../../../../features/billing/checkout-return'
import { PlanPicker } from '../../../../features/billing/components/plan-picker'
import { ChooseStartPlan } from '../../../../features/organizations/components/choose-start-plan'
import { NameOrganizationStep } from '../../../../features/organizations/components/name-organization-step'
import { organizationPlanState } from '../../../../features/organizations/dashboard-entry'
import { organizationName } from '../../../../features/organizations/organization-display'
import { paths } from '../../../../lib/paths'
import { requireAccount } from '../require-account'
import styles from './onboarding.module.css'

/**
 * Organizations still choosing a plan, or whose subscription ended, choose here. Checkout's cancel URL also lands
 * here (`?checkout=canceled`), whatever the organization's plan, so the notice is never lost.
 */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const account = await requireAccount(queryClient, request)
    const state = organizationPlanState(account)
    const canceled = wasCheckoutCanceled(new URL(request.url).searchParams)
    if (state !== 'needs-plan' && state !== 'subscription-ended' && !(canceled && state === 'ready')) {
      throw redirect(paths.dashboard())
    }
    return null
  }

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const canRename = usePermission('organization.rename')
  const organization = selectedOrganizationOf(account)
  if (!organization) return <Navigate to={paths.dashboard()} replace />
  const onStart = organization.plan === 'START'

  return (
    <>
      <div className={styles.intro}>
        <h1>Choose a plan for {organizationName(organization)}</h1>
        <p>
          Every plan works on your own AWS account: SES Studio never sends email through ours. Start for free
          and upgrade whenever you need more.
        </p>
      </div>
      {/* A fresh sign-up's organization has no name yet: it is asked for first, above the plans. */}
      {organization.name.trim() === '' && canRename && (
        <NameOrganizationStep organization={organization} email={account.email} />
      )}
      {wasCheckoutCanceled(search) && (
        <Alert tone="warning" title="Checkout was canceled — no payment was taken.">
          Choose a plan to continue.
        </Alert>
      )}
      <PlanPicker
        organization={organization}
        startAction={
          onStart ? (
            <ButtonLink to={paths.dashboard()} variant="secondary" block>
              Stay on Start
            </ButtonLink>
          ) : (
            <ChooseStartPlan
              organization={organization}
              label="Start for free"
              onChosen={() => navigate(paths.dashboard(), { replace: true })}
            />
          )
        }
      />
    </>
  )
}
