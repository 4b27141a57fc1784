import type { Topic } from '@app/contracts'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import type { ExportResult } from '../../../lib/export-file'
import { useExportContacts, useExportTopic } from '../api/transfer'
import { type ContactView, filterQuery, hasFilters } from '../contact-view'

function announce(result: ExportResult) {
  if (result === 'downloaded') toast.success('The CSV file is downloading.')
}

function failed(error: unknown) {
  toast.danger(`The export failed: ${errorMessage(error)}`)
}

/** `topic-{id}-contacts.csv`: the topic's contacts with their status (a job writes large ones to S3 first). */
export function ExportTopicButton({ topic }: { topic: Topic }) {
  const exportTopic = useExportTopic(topic.organizationId)
  return (
    <Button
      variant="ghost"
      size="small"
      loading={exportTopic.isPending}
      onClick={() => exportTopic.mutate(topic.id, { onSuccess: announce, onError: failed })}
    >
      Export<span className="visually-hidden"> {topic.name}</span>
    </Button>
  )
}

/** The whole audience, or the contacts the filters show, as CSV. */
export function ExportContactsButton({
  organizationId,
  view,
}: {
  organizationId: string
  view: ContactView
}) {
  const exportContacts = useExportContacts(organizationId)
  return (
    <Button
      variant="secondary"
      loading={exportContacts.isPending}
      onClick={() => exportContacts.mutate(filterQuery(view), { onSuccess: announce, onError: failed })}
    >
      {hasFilters(view) ? 'Export filtered' : 'Export all'}
    </Button>
  )
}
