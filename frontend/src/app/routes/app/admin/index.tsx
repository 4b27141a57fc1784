import { Card } from '../../../../components/ui/card'
import { AdminInvoices } from '../../../../features/admin/components/admin-invoices'
import { PlanPrices } from '../../../../features/admin/components/plan-prices'
import { RangePicker } from '../../../../features/admin/components/range-picker'
import { useAdminRange } from '../../../../features/admin/use-admin-range'
import styles from './admin.module.css'

/**
 * For the operators of this deployment. The sidebar's two actions work on the range chosen here (kept in the
 * address): the CSV report downloads at once, the invoice list opens below. The API checks operator rights on every
 * call; the menu entry is only a shortcut.
 */
export function Component() {
  const { range, setRange, listShown, hideList } = useAdminRange()
  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h1>Admin Panel</h1>
        <p>
          Invoices of every organization, read from Stripe, and the plan prices Stripe charges. Choose a
          range, then use the actions in the sidebar.
        </p>
      </header>
      <Card title="Range" description="Days in UTC, both ends included, at most a year.">
        <RangePicker range={range} onChange={setRange} />
      </Card>
      {listShown && <AdminInvoices range={range} onClose={hideList} />}
      <PlanPrices />
    </div>
  )
}
