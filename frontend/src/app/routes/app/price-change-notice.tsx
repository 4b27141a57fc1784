import { planInfo } from '@app/contracts'
import { type QueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { type LoaderFunctionArgs, Navigate, redirect, useNavigate } from 'react-router-dom'
import { AuthCard } from '../../../components/layouts/auth-layout'
import { Button, ButtonLink } from '../../../components/ui/button'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import { usePermission } from '../../../features/account/use-permission'
import { useAcknowledgePriceChange, useOpenCustomerPortal } from '../../../features/billing/api/billing'
import { formatDate, formatMoney } from '../../../features/billing/billing-display'
import styles from '../../../features/billing/components/price-change.module.css'
import { organizationName } from '../../../features/organizations/organization-display'
import { paths } from '../../../lib/paths'
import { requireAccount } from './require-account'

/** Spec §2: shown in the invite frame, which has no account loader of its own. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const account = await requireAccount(queryClient, request)
    if (!selectedOrganizationOf(account)?.priceChangeNotice) throw redirect(paths.dashboard())
    return null
  }

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  const navigate = useNavigate()
  const organization = selectedOrganizationOf(account)
  const acknowledge = useAcknowledgePriceChange(organization?.id ?? '')
  const portal = useOpenCustomerPortal()
  // Acknowledging and the portal are both `billing.manage` routes.
  const canManage = usePermission('billing.manage')
  const notice = organization?.priceChangeNotice
  if (!organization || !notice) return <Navigate to={paths.dashboard()} replace />

  const plan = planInfo(notice.plan)
  const per = plan.interval === 'year' ? 'year' : 'month'
  const effective = formatDate(notice.effectiveAt)
  const name = organizationName(organization)
  const busy = acknowledge.isPending || portal.isPending || portal.isSuccess

  return (
    <AuthCard title={`The price of ${plan.name} is changing`} subtitle={`${name} · ${plan.fullName} plan`}>
      <p className={styles.prices}>
        <span className={styles.old}>
          <span className="visually-hidden">Old price: </span>
          {formatMoney(notice.oldAmount, notice.currency)} / {per}
        </span>
        <span aria-hidden="true" className={styles.arrow}>
          →
        </span>
        <span className={styles.new}>
          <span className="visually-hidden">New price: </span>
          {formatMoney(notice.newAmount, notice.currency)} / {per}
        </span>
      </p>
      <p>
        From <strong>{effective}</strong>, the subscription of {name} renews at the new price. Nothing changes
        before then.
      </p>
      <div className={styles.todo}>
        <h2>What to do</h2>
        <p>
          Nothing, if the new price suits you: the plan simply continues. To switch to another plan or cancel,
          do it in the subscription portal before {effective}, and the new price is never charged.
        </p>
      </div>
      {canManage ? (
        <div className={styles.actions}>
          <Button
            loading={acknowledge.isPending}
            disabled={busy}
            onClick={() =>
              acknowledge.mutate(undefined, {
                onSuccess: () => navigate(paths.dashboard(), { replace: true }),
              })
            }
          >
            Got it
          </Button>
          <Button
            variant="secondary"
            loading={portal.isPending || portal.isSuccess}
            disabled={busy}
            onClick={() =>
              portal.mutate({
                organizationId: organization.id,
                intent: 'manage',
                returnPath: paths.priceChangeNotice(),
              })
            }
          >
            Manage subscription
          </Button>
        </div>
      ) : (
        <div className={styles.actions}>
          <p>The owners and admins of {name} decide about the subscription.</p>
          <ButtonLink to={paths.dashboard()} variant="secondary">
            Back to the dashboard
          </ButtonLink>
        </div>
      )}
    </AuthCard>
  )
}
