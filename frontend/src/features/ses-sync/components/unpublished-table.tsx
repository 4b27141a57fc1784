import type { UnpublishedTemplate } from '@app/contracts'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { paths } from '../../../lib/paths'
import { UNPUBLISHED_STATE_DISPLAY } from '../ses-states'
import { toggled, unpublishedHint } from '../ses-sync-display'
import styles from './ses-sync.module.css'

interface UnpublishedTableProps {
  templates: readonly UnpublishedTemplate[]
  selected: ReadonlySet<string>
  onSelect: (ids: ReadonlySet<string>) => void
}

/** The organization's templates this account's SES does not hold, with a checkbox per row to publish them. */
export function UnpublishedTable({ templates, selected, onSelect }: UnpublishedTableProps) {
  const captionId = useId()
  const allSelected = templates.length > 0 && templates.every((template) => selected.has(template.templateId))

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-describedby={captionId}>
        <caption id={captionId} className="visually-hidden">
          Templates not in SES; select rows to publish several at once.
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.checkCell}>
              <input
                type="checkbox"
                aria-label="Select all templates not in SES"
                checked={allSelected}
                onChange={() =>
                  onSelect(
                    allSelected ? new Set() : new Set(templates.map((template) => template.templateId)),
                  )
                }
              />
            </th>
            <th scope="col">Template</th>
            <th scope="col">State</th>
            <th scope="col">Version</th>
          </tr>
        </thead>
        <tbody>
          {templates.map((template) => {
            const state = UNPUBLISHED_STATE_DISPLAY[template.state]
            const isSelected = selected.has(template.templateId)
            return (
              <tr
                key={template.templateId}
                className={isSelected ? styles.selectedRow : undefined}
                data-state={template.state}
              >
                <td className={styles.checkCell}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${template.templateName}`}
                    checked={isSelected}
                    onChange={() => onSelect(toggled(selected, template.templateId))}
                  />
                </td>
                <th scope="row" className={styles.nameCell}>
                  <Link to={paths.template(template.templateId)} className={styles.link}>
                    {template.templateName}
                  </Link>
                </th>
                <td className={styles.stateCell}>
                  <Badge color={state.color}>{state.label}</Badge>
                  <span className={styles.hint}>{unpublishedHint(template)}</span>
                </td>
                <td className={styles.datesCell}>
                  <span className={styles.line}>v{template.version}</span>
                  {template.publishedVersion !== null && (
                    <span className={`${styles.meta} ${styles.line}`}>
                      v{template.publishedVersion} was published
                    </span>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
