import type { TemplateSummary } from '@app/contracts'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
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
  const captionId = useId()
  const allSelected = templates.length > 0 && templates.every((template) => selected.has(template.id))
  const now = Date.now()
  const toggle = (id: string) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    onSelect(next)
  }

  return (
    <div
      className={stale ? `${styles.tableWrap} ${styles.stale}` : styles.tableWrap}
      aria-busy={stale || undefined}
    >
      <table className={styles.table} aria-describedby={captionId}>
        <caption id={captionId} className="visually-hidden">
          Templates; select rows to publish or delete several at once.
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.checkCell}>
              <input
                type="checkbox"
                aria-label="Select all templates shown"
                checked={allSelected}
                onChange={() =>
                  onSelect(allSelected ? new Set() : new Set(templates.map((template) => template.id)))
                }
              />
            </th>
            <th scope="col">Name</th>
            <th scope="col">Tags</th>
            {ses && <th scope="col">In SES ({ses.account})</th>}
            <th scope="col">Updated</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {templates.map((template) => (
            <tr key={template.id} className={selected.has(template.id) ? styles.selectedRow : undefined}>
              <td className={styles.checkCell}>
                <input
                  type="checkbox"
                  aria-label={`Select ${template.name}`}
                  checked={selected.has(template.id)}
                  onChange={() => toggle(template.id)}
                />
              </td>
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
                <span className={styles.by}>by {template.updatedBy.email}</span>
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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
