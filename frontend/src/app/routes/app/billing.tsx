import type { OrganizationSummary, SubscriptionSummary as Subscription } from '@app/contracts'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import styles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Card } from '../../../components/ui/card'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { accountQueries } from '../../../features/account/api/account'
import { usePermission } from '../../../features/account/use-permission'
import { billingQueries } from '../../../features/billing/api/billing'
import { isLiveSubscription } from '../../../features/billing/billing-display'
import { BillingDetailsForm } from '../../../features/billing/components/billing-details-form'
import { PlanPicker } from '../../../features/billing/components/plan-picker'
import { SubscriptionSummary } from '../../../features/billing/components/subscription-summary'
import { organizationName, roleLabel } from '../../../features/organizations/organization-display'
import { PLAN_CHOOSER_PARAM, paths } from '../../../lib/paths'
import { OrganizationRoute, organizationLoader } from './organization-route'

/** Starts reading the provider's records while the page's code loads; the page shows placeholders meanwhile. */
export const clientLoader = organizationLoader(
  (queryClient, organization) => void queryClient.prefetchQuery(billingQueries.details(organization.id)),
)

export function Component() {
  return (
    <OrganizationRoute
      title="Subscription & billing"
      missing="Plans and billing belong to the organization you are working in."
    >
      {(organization) => <BillingPage key={organization.id} organizationId={organization.id} />}
    </OrganizationRoute>
  )
}

/** How long the page waits for the webhook to bring the organization in line with Stripe (after the portal). */
const CATCH_UP_MS = 30_000

function BillingPage({ organizationId }: { organizationId: string }) {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const organization = account.organizations.find((candidate) => candidate.id === organizationId)
  const billing = useQuery(billingQueries.details(organizationId))
  // Open while the address says so: every 'Upgrade' in the app links here with the chooser open.
  const [search, setSearch] = useSearchParams()
  const pickerOpen = search.get(PLAN_CHOOSER_PARAM) === 'plan'
  const pickerRef = useRef<HTMLElement>(null)
  const [openedAt] = useState(() => Date.now())
  // Back from the portal, Stripe already holds the change while its webhook may still be on the way: re-read the
  // account until both agree (briefly), so the page never shows the plan the customer just left.
  const behindStripe = organizationBehind(organization, billing.data?.subscription)
  useQuery({
    ...accountQueries.current(),
    refetchInterval: (query) =>
      behindStripe && Date.now() - openedAt < CATCH_UP_MS && query.state.fetchFailureCount === 0
        ? 1500
        : false,
  })
  // The plan picker (checkout) and the billing details form call `billing.manage` routes.
  const canManage = usePermission('billing.manage', organizationId)
  const live = isLiveSubscription(billing.data?.subscription)
  const showPicker = pickerOpen && canManage && !live
  useEffect(() => {
    if (showPicker) pickerRef.current?.scrollIntoView({ block: 'start' })
  }, [showPicker])
  if (!organization) return null

  function setPickerOpen(open: boolean) {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current)
        if (open) next.set(PLAN_CHOOSER_PARAM, 'plan')
        else next.delete(PLAN_CHOOSER_PARAM)
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Subscription &amp; billing</h1>
        <p className={styles.lead}>
          {organizationName(organization)} · you are {roleLabel(organization.role).toLowerCase()}
        </p>
      </header>

      {!canManage && (
        <Alert tone="info" title="You can look, not change">
          Only owners and admins of this organization can change its plan, payment method or billing details.
          Ask one of them if something here needs to change.
        </Alert>
      )}

      {behindStripe && (
        <p className={styles.muted} role="status">
          Updating your plan from Stripe…
        </p>
      )}

      <Card
        title="Plan"
        actions={
          <Link to={paths.invoices()} className={styles.cardLink}>
            Invoices
          </Link>
        }
      >
        <SubscriptionSummary
          organization={organization}
          billing={billing.data}
          loading={billing.isPending}
          error={billing.error}
          retry={() => void billing.refetch()}
          pickerOpen={pickerOpen}
          togglePicker={() => setPickerOpen(!pickerOpen)}
        />
      </Card>

      {showPicker && (
        <section id="plan-picker" ref={pickerRef} aria-label="Choose a paid plan" className={styles.section}>
          <h2>Choose a paid plan</h2>
          <PlanPicker organization={organization} />
        </section>
      )}

      <Card
        title="Billing details"
        description="What Stripe prints on invoices and receipts: company, billing email, address and tax id."
      >
        {billing.data ? (
          <BillingDetailsForm
            // Keyed on the saved details, so the form starts over from what the provider now holds.
            key={JSON.stringify(billing.data.details)}
            organizationId={organization.id}
            details={billing.data.details}
            readOnly={!canManage}
            placeholderEmail={account.email}
          />
        ) : billing.isPending ? (
          <LoadingLines lines={6} label="Loading the billing details" />
        ) : (
          <p className={styles.muted}>The billing details show once the payment provider answers.</p>
        )}
      </Card>
    </div>
  )
}

function organizationBehind(
  organization: OrganizationSummary | undefined,
  subscription: Subscription | null | undefined,
): boolean {
  if (!organization || !subscription || organization.plan === 'START') return false
  return organization.plan !== subscription.plan || organization.subscriptionStatus !== subscription.status
}
