import { planInfo } from '@app/contracts'
import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { type LoaderFunctionArgs, Navigate, redirect, useNavigate } from 'react-router-dom'
import { ButtonLink } from '../../../../components/ui/button'
import { selectedOrganizationOf } from '../../../../features/account/account-state'
import { accountQueries } from '../../../../features/account/api/account'
import { ChooseStartPlan } from '../../../../features/organizations/components/choose-start-plan'
import { organizationPlanState } from '../../../../features/organizations/dashboard-entry'
import { organizationName } from '../../../../features/organizations/organization-display'
import { requireAccount } from '../require-account'
import styles from './onboarding.module.css'

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const account = await requireAccount(queryClient, request)
    if (organizationPlanState(account) !== 'subscription-ended') throw redirect('/app')
    return null
  }

/** Spec §4: a paid plan whose subscription is no longer active, past due or trialing. */
export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const navigate = useNavigate()
  const organization = selectedOrganizationOf(account)
  if (!organization?.plan) return <Navigate to="/app" replace />
  const name = organizationName(organization)

  return (
    <section className={styles.panel} aria-labelledby="canceled-title">
      <h1 id="canceled-title">The subscription of {name} has ended</h1>
      <p>
        {name} was on the {planInfo(organization.plan).fullName} plan, and its subscription is now{' '}
        <strong>{organization.subscriptionStatus ?? 'not active'}</strong>. Templates, contacts and campaigns
        are kept, but the dashboard stays closed until the organization has a plan again.
      </p>
      <p>
        Continue on the free START plan (5 template actions a month, no paid features), or renew the
        subscription from Subscription &amp; billing. If you think this is a mistake, contact the people who
        handle billing for this installation.
      </p>
      <div className={styles.row}>
        <ChooseStartPlan
          organization={organization}
          label="Continue on START"
          onChosen={() => navigate('/app', { replace: true })}
        />
        <ButtonLink to="/app/organization/billing" variant="secondary">
          Subscription &amp; billing
        </ButtonLink>
        <ButtonLink to="/app/organizations/new" variant="ghost">
          Add Organization
        </ButtonLink>
      </div>
    </section>
  )
}
