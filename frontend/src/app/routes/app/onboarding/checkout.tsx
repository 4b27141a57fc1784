import { planInfo } from '@app/contracts'
import { type QueryClient, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { type LoaderFunctionArgs, Navigate, redirect, useNavigate, useSearchParams } from 'react-router-dom'
import { Alert } from '../../../../components/ui/alert'
import { Button, ButtonLink } from '../../../../components/ui/button'
import { Spinner } from '../../../../components/ui/spinner'
import { toast } from '../../../../components/ui/toast-store'
import { selectedOrganizationOf } from '../../../../features/account/account-state'
import { accountQueries } from '../../../../features/account/api/account'
import { billingQueries } from '../../../../features/billing/api/billing'
import {
  ACTIVATION_POLL_MS,
  ACTIVATION_TIMEOUT_MS,
  type CheckoutReturn,
  isPlanActivated,
  parseCheckoutReturn,
} from '../../../../features/billing/checkout-return'
import { organizationName } from '../../../../features/organizations/organization-display'
import { errorMessage } from '../../../../lib/api-error'
import { paths } from '../../../../lib/paths'
import { requireAccount } from '../require-account'
import styles from './onboarding.module.css'

/** Stripe's success URL. Anything that is not a checkout return goes back to choosing a plan. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requireAccount(queryClient, request)
    if (!parseCheckoutReturn(new URL(request.url).searchParams)) throw redirect(paths.onboardingPlan())
    return null
  }

export function Component() {
  const [search] = useSearchParams()
  const checkout = parseCheckoutReturn(search)
  if (!checkout) return <Navigate to={paths.onboardingPlan()} replace />
  // Keyed so a new return (another plan) starts its own wait.
  return <Activation key={`${checkout.sessionId}:${checkout.plan}`} checkout={checkout} />
}

/**
 * The payment is done, but the plan changes only when Stripe's webhook reaches the API: poll the account until the
 * organization is on the plan, then open the dashboard. After ACTIVATION_TIMEOUT_MS, say so and let the user retry.
 */
function Activation({ checkout }: { checkout: CheckoutReturn }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [round, setRound] = useState(0)
  const [timedOut, setTimedOut] = useState(false)
  const { data: account, error } = useSuspenseQuery({
    ...accountQueries.current(),
    refetchInterval: (query) =>
      timedOut || (query.state.data && isPlanActivated(query.state.data, checkout.plan))
        ? false
        : ACTIVATION_POLL_MS,
    refetchIntervalInBackground: true,
  })
  const activated = isPlanActivated(account, checkout.plan)
  const organization = selectedOrganizationOf(account)
  const plan = planInfo(checkout.plan)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the clock on 'Check again'
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), ACTIVATION_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [round])

  useEffect(() => {
    if (!activated) return
    void queryClient.invalidateQueries({ queryKey: billingQueries.all() })
    toast.success(
      `${organization ? organizationName(organization) : 'Your organization'} is on the ${plan.fullName} plan.`,
    )
    navigate(paths.dashboard(), { replace: true })
  }, [activated, navigate, organization, plan.fullName, queryClient])

  if (activated) return null

  if (timedOut) {
    return (
      <section className={styles.panel} aria-labelledby="activation-title">
        <h1 id="activation-title">Your payment went through — activation is taking longer</h1>
        <p>
          Stripe confirmed the checkout, but{' '}
          {organization ? organizationName(organization) : 'the organization'} is not on the {plan.name} plan
          yet. The payment provider usually tells us within seconds; sometimes it takes a few minutes. You
          will not be charged again, and the plan switches on by itself as soon as the confirmation arrives.
        </p>
        {error && (
          <Alert tone="warning" role="status">
            {errorMessage(error, 'Could not reload your account because of an error.')}
          </Alert>
        )}
        <div className={styles.row}>
          <Button
            onClick={() => {
              setTimedOut(false)
              setRound((value) => value + 1)
              void queryClient.refetchQueries({ queryKey: accountQueries.current().queryKey })
            }}
          >
            Check again
          </Button>
          <ButtonLink to={paths.billing()} variant="secondary">
            Subscription &amp; billing
          </ButtonLink>
        </div>
      </section>
    )
  }

  return (
    <section className={styles.panel} aria-labelledby="activation-title" aria-busy="true">
      <div className={styles.waiting}>
        <Spinner size="large" />
        <h1 id="activation-title">Activating your {plan.name} plan…</h1>
      </div>
      <p role="status">
        Payment received. We are switching{' '}
        {organization ? organizationName(organization) : 'your organization'} to {plan.fullName}; this usually
        takes a few seconds. Keep this page open.
      </p>
    </section>
  )
}
