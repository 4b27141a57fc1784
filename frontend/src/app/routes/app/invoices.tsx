import { useInfiniteQuery } from '@tanstack/react-query'
import styles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { billingQueries } from '../../../features/billing/api/billing'
import { InvoiceTable } from '../../../features/billing/components/invoice-table'
import { organizationName } from '../../../features/organizations/organization-display'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { NoOrganizationAlert } from './no-organization'
import { organizationLoader, useSelectedOrganization } from './organization-route'

export const clientLoader = organizationLoader(
  (queryClient, organization) =>
    void queryClient.prefetchInfiniteQuery(billingQueries.invoices(organization.id)),
)

export function Component() {
  const { organization } = useSelectedOrganization()
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Invoices</h1>
        <p className={styles.lead}>
          {organization
            ? `Every invoice of ${organizationName(organization)}, newest first.`
            : 'Invoices belong to the organization you are working in.'}
        </p>
      </header>
      {organization ? (
        <InvoiceList
          key={organization.id}
          organizationId={organization.id}
          name={organizationName(organization)}
        />
      ) : (
        <NoOrganizationAlert />
      )}
    </div>
  )
}

function InvoiceList({ organizationId, name }: { organizationId: string; name: string }) {
  const invoices = useInfiniteQuery(billingQueries.invoices(organizationId))
  const rows = invoices.data?.pages.flatMap((page) => page.items) ?? []

  if (invoices.isPending) {
    return (
      <Card>
        <LoadingLines lines={5} label="Loading invoices" />
      </Card>
    )
  }
  if (invoices.isError && rows.length === 0) {
    return (
      <LoadError
        title="Could not load the invoices"
        error={invoices.error}
        onRetry={() => void invoices.refetch()}
        fallback="The payment provider did not answer. Try again in a moment."
      />
    )
  }
  if (rows.length === 0) {
    return (
      <section className={styles.empty} aria-label="No invoices">
        <p className={styles.emptyTitle}>No invoices yet — they appear after your first payment.</p>
        <p>Choose a paid plan or check the subscription on Subscription &amp; billing.</p>
        <ButtonLink to={paths.billing()} variant="secondary" size="small">
          Subscription &amp; billing
        </ButtonLink>
      </section>
    )
  }
  return (
    <Card>
      <InvoiceTable
        invoices={rows}
        caption={`Invoices of ${name}`}
        hasMore={invoices.hasNextPage}
        loadingMore={invoices.isFetchingNextPage}
        loadMore={() => void invoices.fetchNextPage()}
      />
      {invoices.isFetchNextPageError && (
        <Alert tone="danger" role="alert">
          {errorMessage(invoices.error, 'Could not load more invoices. Try again.')}
        </Alert>
      )}
    </Card>
  )
}
