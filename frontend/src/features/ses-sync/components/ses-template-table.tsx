import type { SesTemplateRow } from '@app/contracts'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { paths } from '../../../lib/paths'
import { dateTimeText, whenText } from '../../templates/template-display'
import { SES_STATE_DISPLAY } from '../ses-states'
import { toggled } from '../ses-sync-display'
import styles from './ses-sync.module.css'

interface SesTemplateTableProps {
  rows: readonly SesTemplateRow[]
  selected: ReadonlySet<string>
  onSelect: (names: ReadonlySet<string>) => void
  /** A row changed in SES: open the review of that change. */
  onReview: (templateId: string) => void
}

/** The AWS account's SES templates: the template linked to each, its state and dates, with a checkbox per row. */
export function SesTemplateTable({ rows, selected, onSelect, onReview }: SesTemplateTableProps) {
  const captionId = useId()
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.name))
  const now = Date.now()

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-describedby={captionId}>
        <caption id={captionId} className="visually-hidden">
          Templates in SES; select rows to import, publish or delete several at once.
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.checkCell}>
              <input
                type="checkbox"
                aria-label="Select all templates in SES"
                checked={allSelected}
                onChange={() => onSelect(allSelected ? new Set() : new Set(rows.map((row) => row.name)))}
              />
            </th>
            <th scope="col">SES template</th>
            <th scope="col">Linked template</th>
            <th scope="col">State</th>
            <th scope="col">Dates</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const state = SES_STATE_DISPLAY[row.state]
            return (
              <tr
                key={row.name}
                className={selected.has(row.name) ? styles.selectedRow : undefined}
                data-state={row.state}
              >
                <td className={styles.checkCell}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${row.name}`}
                    checked={selected.has(row.name)}
                    onChange={() => onSelect(toggled(selected, row.name))}
                  />
                </td>
                <th scope="row" className={styles.nameCell}>
                  <span className={styles.name}>{row.name}</span>
                </th>
                <td className={styles.linkCell}>
                  {row.templateId ? (
                    <>
                      <span className={styles.mobileLabel}>Linked to </span>
                      <Link to={paths.template(row.templateId)} className={`${styles.link} ${styles.line}`}>
                        {row.templateName ?? 'Open template'}
                      </Link>
                      {row.currentVersion !== null && (
                        <span className={styles.meta}>
                          {row.publishedVersion !== null && row.publishedVersion !== row.currentVersion
                            ? `v${row.publishedVersion} published, now v${row.currentVersion}`
                            : `v${row.currentVersion}`}
                        </span>
                      )}
                    </>
                  ) : (
                    <span className={styles.none}>No template linked</span>
                  )}
                </td>
                <td className={styles.stateCell}>
                  <Badge color={state.color}>{state.label}</Badge>
                  <span className={styles.hint}>{state.hint}</span>
                  {row.state === 'drifted' && row.templateId && (
                    <Button
                      variant="secondary"
                      size="small"
                      className={styles.reviewButton}
                      onClick={() => onReview(row.templateId as string)}
                    >
                      Review changes<span className="visually-hidden"> to {row.name}</span>
                    </Button>
                  )}
                </td>
                <td className={styles.datesCell}>
                  {row.publishedAt && (
                    <span className={styles.line} title={dateTimeText(row.publishedAt)}>
                      Published {whenText(row.publishedAt, now)}
                    </span>
                  )}
                  {row.createdAt && (
                    <span className={styles.line} title={dateTimeText(row.createdAt)}>
                      Created {whenText(row.createdAt, now)}
                    </span>
                  )}
                  {!row.publishedAt && !row.createdAt && (
                    <span className={`${styles.none} ${styles.line}`}>Unknown</span>
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
