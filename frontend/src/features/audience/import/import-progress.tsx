import type { ContactImport } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Spinner } from '../../../components/ui/spinner'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { refreshAudience } from '../api/audience'
import { importQueries } from '../api/transfer'
import { countText } from '../audience-display'
import styles from '../components/audience.module.css'
import importStyles from './import.module.css'
import { importHeadline, importPercent } from './import-display'

const COUNTS: { key: keyof ContactImport['counts']; label: string }[] = [
  { key: 'rows', label: 'Rows read' },
  { key: 'created', label: 'Created' },
  { key: 'updated', label: 'Updated' },
  { key: 'unchanged', label: 'Unchanged' },
  { key: 'invalid', label: 'Invalid' },
  { key: 'suppressed', label: 'Suppressed' },
]

/** The import job as it runs (read every second), then its summary and the invalid rows to download. */
export function ImportProgress({
  organizationId,
  started,
  onAnother,
}: {
  organizationId: string
  started: ContactImport
  onAnother: () => void
}) {
  const query = useQuery(importQueries.detail(organizationId, started.id, started))
  const contactImport = query.data ?? started
  const finished = contactImport.status === 'succeeded' || contactImport.status === 'failed'
  const queryClient = useQueryClient()
  const titleId = useId()

  useEffect(() => {
    if (finished) refreshAudience(queryClient, organizationId)
  }, [finished, queryClient, organizationId])

  const headline = importHeadline(contactImport)
  return (
    <Card
      title={contactImport.fileName}
      description="The import runs in the background: you can leave this page, it goes on."
    >
      <div className={styles.form} data-import-status={contactImport.status}>
        <p className={styles.badges} id={titleId}>
          {!finished && <Spinner size="small" />}
          <span className={styles.name}>{headline.text}</span>
          <Badge color={headline.color}>{headline.badge}</Badge>
        </p>
        {!finished && (
          <progress
            className={importStyles.progress}
            aria-labelledby={titleId}
            max={100}
            value={importPercent(contactImport)}
          />
        )}
        <dl className={importStyles.summary} aria-label="Import counts" aria-live="polite">
          {COUNTS.map((count) => (
            <div key={count.key}>
              <dt>{count.label}</dt>
              <dd>{countText(contactImport.counts[count.key])}</dd>
            </div>
          ))}
        </dl>
        {query.error && !finished && (
          <Alert tone="warning" title="Could not read the import’s progress">
            {errorMessage(query.error)} It goes on in the background; this page tries again.
          </Alert>
        )}
        {contactImport.error && (
          <Alert tone="danger" role="alert" title="The import stopped">
            {contactImport.error.message}
          </Alert>
        )}
        {finished && contactImport.changedNothing && contactImport.status === 'succeeded' && (
          <Alert tone="info" role="status" title="Nothing changed">
            Every valid row matched its contact already: this file was imported before.
          </Alert>
        )}
        {contactImport.invalidRowsUrl && (
          <Alert
            tone="warning"
            title={`${countText(contactImport.counts.invalid)} ${contactImport.counts.invalid === 1 ? 'row was' : 'rows were'} not imported`}
            actions={
              <a className={styles.name} href={contactImport.invalidRowsUrl} download>
                Download the invalid rows
              </a>
            }
          >
            The file lists each row with the reason (no email, not a valid address, a duplicate in the file…).
            Fix them and import that file. The link works for 15 minutes; reload the page for a new one.
          </Alert>
        )}
        {finished && (
          <div className={styles.actions}>
            <ButtonLink to={paths.contacts()}>View contacts</ButtonLink>
            <Button variant="secondary" onClick={onAnother}>
              Import another file
            </Button>
          </div>
        )}
      </div>
    </Card>
  )
}
