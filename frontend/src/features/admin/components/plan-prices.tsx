import { PLAN_CURRENCY, type PriceSyncResult, planInfo } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { formatMoney } from '../../billing/billing-display'
import { adminErrorMessage, isNotOperator, PLAN_PRICE_STATUS_TEXT, planPriceStatus } from '../admin-display'
import { adminQueries, useSyncPlanPrices } from '../api/admin'
import styles from './admin.module.css'

/** The catalogue's prices (this deployment's code) next to Stripe's, and the button that makes Stripe follow. */
export function PlanPrices() {
  const prices = useQuery(adminQueries.planPrices())
  const sync = useSyncPlanPrices()
  const outOfSync = prices.data?.prices.filter((price) => planPriceStatus(price) !== 'in-sync') ?? []

  return (
    <Card
      title="Plan prices"
      description="Stripe's active price for each plan, found by its lookup key, against the catalogue in this deployment."
    >
      {prices.isPending ? (
        <LoadingLines lines={4} label="Loading plan prices" />
      ) : prices.isError ? (
        <Alert
          tone="danger"
          role="alert"
          actions={
            isNotOperator(prices.error) ? undefined : (
              <Button variant="secondary" size="small" onClick={() => void prices.refetch()}>
                Try again
              </Button>
            )
          }
        >
          {adminErrorMessage(prices.error)}
        </Alert>
      ) : (
        <>
          <div className={styles.scroll}>
            <table className={styles.table}>
              <caption className="visually-hidden">Plan prices</caption>
              <thead>
                <tr>
                  <th scope="col">Plan</th>
                  <th scope="col">Catalogue</th>
                  <th scope="col">Stripe</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {prices.data.prices.map((price) => {
                  const status = PLAN_PRICE_STATUS_TEXT[planPriceStatus(price)]
                  return (
                    <tr key={price.plan}>
                      <td>{planInfo(price.plan).fullName}</td>
                      <td className={styles.money}>{formatMoney(price.catalogueAmount, price.currency)}</td>
                      <td className={styles.money}>
                        {price.stripeAmount === null ? '—' : formatMoney(price.stripeAmount, price.currency)}
                        {price.stripePriceId && <span className={styles.priceId}>{price.stripePriceId}</span>}
                      </td>
                      <td>
                        <Badge color={status.badge}>{status.label}</Badge>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          <div className={styles.footer}>
            <p className={styles.muted}>
              {outOfSync.length === 0
                ? 'Every plan has a Stripe price matching the catalogue.'
                : `${outOfSync.length} of ${prices.data.prices.length} plans differ from the catalogue or have no Stripe price.`}
            </p>
            <ConfirmDialog
              triggerLabel="Apply catalogue prices"
              title="Apply the catalogue prices in Stripe?"
              confirmLabel="Apply prices"
              variant="primary"
              disabled={outOfSync.length === 0}
              pending={sync.isPending}
              onConfirm={(close) => sync.mutate(undefined, { onSettled: close })}
            >
              <p>
                Stripe gets a new price for each plan that is missing or differs:{' '}
                {outOfSync.map((price) => planInfo(price.plan).fullName).join(', ')}.
              </p>
              <p>
                Subscribers of a changed plan are not charged more straight away: they move to the new price
                at their next renewal, and their owners and admins receive a notice now, which they see when
                they next open the dashboard.
              </p>
            </ConfirmDialog>
          </div>
        </>
      )}
      {(sync.isError || sync.data) && (
        <div className={styles.outcome}>
          {sync.isError && (
            <Alert tone="danger" role="alert">
              {adminErrorMessage(sync.error)}
            </Alert>
          )}
          {sync.data && <SyncSummary result={sync.data} />}
        </div>
      )}
    </Card>
  )
}

function SyncSummary({ result }: { result: PriceSyncResult }) {
  if (result.created.length === 0 && result.changed.length === 0) {
    return (
      <Alert tone="info" role="status" title="Nothing to change">
        Every Stripe price already matched the catalogue.
      </Alert>
    )
  }
  return (
    <Alert tone="success" role="status" title="Catalogue prices applied">
      <ul className={styles.result}>
        {result.created.length > 0 && (
          <li>Created: {result.created.map((plan) => planInfo(plan).fullName).join(', ')}.</li>
        )}
        {result.changed.map((change) => (
          <li key={change.plan}>
            {planInfo(change.plan).fullName}: {formatMoney(change.oldAmount, PLAN_CURRENCY)} →{' '}
            {formatMoney(change.newAmount, PLAN_CURRENCY)}, {change.subscriptionsMoved}{' '}
            {change.subscriptionsMoved === 1 ? 'subscription moves' : 'subscriptions move'} at the next
            renewal.
          </li>
        ))}
      </ul>
    </Alert>
  )
}
