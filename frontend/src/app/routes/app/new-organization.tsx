import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import styles from '../../../components/layouts/page.module.css'
import { Card } from '../../../components/ui/card'
import { selectedOrganizationOf } from '../../../features/account/account-state'
import { accountQueries } from '../../../features/account/api/account'
import { CreateOrganizationForm } from '../../../features/organizations/components/create-organization-form'
import { paths } from '../../../lib/paths'

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  return (
    <div className={styles.page}>
      <Link to={paths.dashboard()} className={styles.back}>
        ← Dashboard
      </Link>
      <header className={styles.header}>
        <h1>Add Organization</h1>
        <p className={styles.lead}>You will be its owner, and it will open once created.</p>
      </header>
      <Card title="Details">
        <CreateOrganizationForm currentId={selectedOrganizationOf(account)?.id} />
      </Card>
    </div>
  )
}
