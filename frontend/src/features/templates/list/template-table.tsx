import type { TemplateSummary } from '@app/contracts'
import { principalName } from '@app/contracts'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { SelectableTable } from '../../../components/ui/selectable-table'
import { paths } from '../../../lib/paths'
import type { TemplateSesStatus } from '../ses/template-ses-status'
import { dateTimeText, EDITOR_LABELS, sizeText, whenText } from '../template-display'
import styles from './template-list.module.css'

/** The list's rows: selection, name and subject, tags, the state in SES, last change, and each row's actions. */
export function TemplateTable({
  templates,
  selected,
  onSelect,
  onDuplicate,
  onDelete,
  stale,
  ses,
}: {
  templates: readonly TemplateSummary[]
  selected: ReadonlySet<string>
  onSelect: (ids: ReadonlySet<string>) => void
  onDuplicate: (template: TemplateSummary) => void
  onDelete: (template: TemplateSummary) => void
  stale: boolean
  /** The selected AWS account's SES: each template's state there, and publishing one. */
  ses?: {
    account: string
    statuses: ReadonlyMap<string, TemplateSesStatus> | undefined
    failed: boolean
    onPublish: (id: string) => void
  }
}) {
  const now = Date.now()

  return (
    <SelectableTable
      rows={templates}
      selected={selected}
      onSelect={onSelect}
      toggleAll={(allSelected) =>
        allSelected ? new Set() : new Set(templates.map((template) => template.id))
      }
      stale={stale}
      caption="Templates; select rows to publish or delete several at once."
      classes={styles}
      selectAllLabel="Select all templates shown"
      rowLabel={(template) => template.name}
      columns={
        <>
          <th scope="col">Name</th>
          <th scope="col">Tags</th>
          {ses && <th scope="col">In SES ({ses.account})</th>}
          <th scope="col">Updated</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </>
      }
      cells={(template) => (
        <>
          <th scope="row" className={styles.nameCell}>
            <Link to={paths.template(template.id)} className={styles.name}>
              {template.name}
            </Link>
            <span className={styles.subject}>{template.subject || 'No subject'}</span>
            <span className={styles.meta}>
              <Badge>{EDITOR_LABELS[template.editorType]}</Badge>
              <span>v{template.version}</span>
              <span>{sizeText(template.sizeBytes)}</span>
              {template.warnings > 0 && (
                <Badge color="yellow">
                  {template.warnings} {template.warnings === 1 ? 'warning' : 'warnings'}
                </Badge>
              )}
            </span>
          </th>
          <td className={styles.tagsCell}>
            {template.tags.length > 0 ? (
              <span className={styles.tags}>
                {template.tags.map((tag) => (
                  <Badge key={tag} color="blue">
                    {tag}
                  </Badge>
                ))}
              </span>
            ) : (
              <span className={styles.none}>No tags</span>
            )}
          </td>
          {ses && (
            <td className={styles.sesCell}>
              <SesCell status={ses.statuses?.get(template.id)} failed={ses.failed} />
            </td>
          )}
          <td className={styles.updatedCell}>
            <span title={dateTimeText(template.updatedAt)}>{whenText(template.updatedAt, now)}</span>
            <span className={styles.by}>by {principalName(template.updatedBy)}</span>
          </td>
          <td className={styles.actionsCell}>
            {ses && (
              <Button variant="ghost" size="small" onClick={() => ses.onPublish(template.id)}>
                Publish<span className="visually-hidden"> {template.name} to SES</span>
              </Button>
            )}
            <Button variant="ghost" size="small" onClick={() => onDuplicate(template)}>
              Duplicate<span className="visually-hidden"> {template.name}</span>
            </Button>
            <Button variant="ghost" size="small" onClick={() => onDelete(template)}>
              Delete<span className="visually-hidden"> {template.name}</span>
            </Button>
          </td>
        </>
      )}
    />
  )
}

function SesCell({ status, failed }: { status: TemplateSesStatus | undefined; failed: boolean }) {
  // On phones the column has no header: the cell says what it is.
  const label = <span className={styles.sesLabel}>In SES: </span>
  if (status) {
    return (
      <span title={status.hint}>
        {label}
        <Badge color={status.color}>{status.label}</Badge>
        <span className="visually-hidden">: {status.hint}</span>
      </span>
    )
  }
  return (
    <span className={styles.none}>
      {label}
      {failed ? 'could not be read' : 'reading…'}
    </span>
  )
}
