import { AUDIT_RETENTION_DAYS, type AuditFilters as Filters, type OrganizationSummary } from '@app/contracts'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import pageStyles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import { usePermission } from '../../account/use-permission'
import { auditLogQueries, useExportAuditLog } from '../api/audit-log'
import { AuditFilters } from './audit-filters'
import styles from './audit-log.module.css'
import { AuditTable } from './audit-table'

const TITLE = 'Audit log'
const LEAD =
  'Who changed what in this organization: templates, SES, AWS accounts, campaigns, contacts, topics, the team, the plan, API keys and webhooks.'

/** `/app/organization/audit-log`: owners and admins browse, filter and export the log; others read why not. */
export function AuditLogPage({ organization }: { organization: OrganizationSummary }) {
  const allowed = usePermission('audit.read', organization.id)
  if (allowed) return <AuditLog organizationId={organization.id} />
  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <h1>{TITLE}</h1>
        <p className={pageStyles.lead}>{LEAD}</p>
      </header>
      <Alert title="Only owners and admins see the audit log">
        Your role in this organization does not include the audit log: it shows every member’s changes and the
        organization’s settings. Ask one of its owners or admins if you need to know who changed something.
      </Alert>
    </div>
  )
}

function AuditLog({ organizationId }: { organizationId: string }) {
  const [filters, setFilters] = useState<Filters>({})
  const valid = !(filters.from && filters.to && filters.from > filters.to)
  const log = useInfiniteQuery({ ...auditLogQueries.entries(organizationId, filters), enabled: valid })
  const entries = log.data?.pages.flatMap((page) => page.items) ?? []
  const exporting = useExportAuditLog(organizationId)
  const filtered = Object.keys(filters).length > 0

  const exportCsv = () =>
    exporting.mutate(filters, {
      onSuccess: () => toast.success('The CSV file is downloading.'),
      onError: (error) => toast.danger(`The export failed: ${errorMessage(error)}`),
    })

  return (
    <div className={pageStyles.page}>
      <header className={styles.pageHeader}>
        <div className={pageStyles.header}>
          <h1>{TITLE}</h1>
          <p className={pageStyles.lead}>{LEAD}</p>
        </div>
        <Button variant="secondary" onClick={exportCsv} loading={exporting.isPending} disabled={!valid}>
          {exporting.isPending ? 'Preparing CSV…' : 'Export CSV'}
        </Button>
      </header>
      {exporting.isPending && (
        <p className={styles.muted} role="status">
          Preparing the file of {filtered ? 'the entries shown' : 'every entry'}: a large log is written in
          the background and downloads when it is ready.
        </p>
      )}
      <AuditFilters organizationId={organizationId} filters={filters} onChange={setFilters} />
      {!valid ? null : log.isError && entries.length === 0 ? (
        <LoadError
          title="Could not load the audit log"
          error={log.error}
          onRetry={() => void log.refetch()}
        />
      ) : log.data === undefined ? (
        <LoadingLines lines={4} label="Loading the audit log" />
      ) : entries.length === 0 ? (
        <div className={pageStyles.empty}>
          <p>
            {filtered
              ? 'No entry matches these filters.'
              : 'Nothing recorded yet. Changes to templates, campaigns, contacts, the team and the organization’s settings appear here.'}
          </p>
          {filtered && (
            <Button variant="secondary" size="small" onClick={() => setFilters({})}>
              Clear filters
            </Button>
          )}
        </div>
      ) : (
        <AuditTable entries={entries} />
      )}
      {log.hasNextPage && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            loading={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      )}
      <p className={styles.footer}>
        Entries are kept for {AUDIT_RETENTION_DAYS} days, then deleted. Times are shown in your browser’s time
        zone; the CSV has them in UTC.
      </p>
    </div>
  )
}
