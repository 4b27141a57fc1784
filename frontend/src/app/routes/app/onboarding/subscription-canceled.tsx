import { planInfo } from '@app/contracts'
import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { type LoaderFunctionArgs, Navigate, redirect, useNavigate } from 'react-router-dom'
import { ButtonLink } from '../../../../components/ui/button'
import { selectedOrganizationOf } from '../../../../features/account/account-state'
import { accountQueries } from '../../../../features/account/api/account'
import { usePermission } from '../../../../features/account/use-permission'
import { endedSubscriptionTitle, subscriptionStatusText } from '../../../../features/billing/billing-display'
import { ChooseStartPlan } from '../../../../features/organizations/components/choose-start-plan'
import { organizationPlanState } from '../../../../features/organizations/dashboard-entry'
import { organizationName } from '../../../../features/organizations/organization-display'
import { paths } from '../../../../lib/paths'
import { requireAccount } from '../require-account'
import styles from './onboarding.module.css'

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const account = await requireAccount(queryClient, request)
    if (organizationPlanState(account) !== 'subscription-ended') throw redirect(paths.dashboard())
    return null
  }

/** Spec §4: a paid plan whose subscription is no longer active, past due or trialing. */
export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const navigate = useNavigate()
  // A paid plan starts a checkout (`billing.manage`); the free one asks its own permission in ChooseStartPlan.
  const canChoosePlan = usePermission('billing.manage')
  const organization = selectedOrganizationOf(account)
  if (!organization?.plan) return <Navigate to={paths.dashboard()} replace />
  const name = organizationName(organization)
  const status = organization.subscriptionStatus
  const statusText = status ? subscriptionStatusText(status) : undefined

  return (
    <section className={styles.panel} aria-labelledby="canceled-title">
      <h1 id="canceled-title">{endedSubscriptionTitle(status, name)}</h1>
      <p>
        {name} was on the {planInfo(organization.plan).fullName} plan, and its subscription is now{' '}
        <strong>{statusText?.label.toLowerCase() ?? 'not active'}</strong>.{' '}
        {statusText?.guidance ?? 'Paid features are closed until the organization has a plan again.'}
      </p>
      <p>
        Templates, contacts and campaigns are kept. Choose a paid plan to pay by card and reopen everything,
        or continue on the free Start plan (5 template actions a month, no paid features).
      </p>
      {canChoosePlan ? (
        <div className={styles.row}>
          <ButtonLink to={paths.onboardingPlan()}>Choose a plan</ButtonLink>
          <ChooseStartPlan
            organization={organization}
            label="Continue on the free Start plan"
            variant="secondary"
            onChosen={() => navigate(paths.dashboard(), { replace: true })}
          />
        </div>
      ) : (
        <p>An owner or admin of {name} can choose a new plan. Ask one of them, or switch organization.</p>
      )}
      <div className={styles.row}>
        <ButtonLink to={paths.invoices()} variant="ghost">
          View invoices
        </ButtonLink>
        <ButtonLink to={paths.billing()} variant="ghost">
          Subscription &amp; billing
        </ButtonLink>
        <ButtonLink to={paths.organizationSettings()} variant="ghost">
          Organization settings
        </ButtonLink>
        <ButtonLink to={paths.newOrganization()} variant="ghost">
          Add Organization
        </ButtonLink>
      </div>
    </section>
  )
}
