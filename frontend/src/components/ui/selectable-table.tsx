import { type ReactNode, useId } from 'react'

/**
 * The feature's CSS module, which lays out its own table: `tableWrap`, `stale`, `table`, `checkCell` and
 * `selectedRow` are read from it.
 */
export type SelectableTableClasses = Readonly<Record<string, string | undefined>>

/**
 * A table whose rows can be ticked: a select-all box in the header, one box a row, the ticked rows marked, and the
 * table dimmed (aria-busy) while stale. The feature gives its header cells and each row's cells after the box.
 */
export function SelectableTable<Row extends { id: string }>({
  rows,
  selected,
  onSelect,
  toggleAll,
  stale,
  caption,
  classes,
  selectAllLabel,
  selectAllText,
  rowLabel,
  columns,
  cells,
  canSelect = () => true,
}: {
  rows: readonly Row[]
  selected: ReadonlySet<string>
  onSelect: (ids: ReadonlySet<string>) => void
  /** The selection after the select-all box is clicked (`allSelected`: every row shown was ticked). */
  toggleAll: (allSelected: boolean) => ReadonlySet<string>
  stale: boolean
  caption: string
  classes: SelectableTableClasses
  selectAllLabel: string
  /** Visible words beside the select-all box (the label's and the words' classes: a feature shows them on phones). */
  selectAllText?: { text: string; className: string | undefined; textClassName: string | undefined }
  /** What a row's box selects, for its accessible name ("Select …"). */
  rowLabel: (row: Row) => string
  columns: ReactNode
  cells: (row: Row) => ReactNode
  /** Rows that cannot be ticked (the caller's own row on the team page) show a disabled box. */
  canSelect?: (row: Row) => boolean
}) {
  const captionId = useId()
  const choosable = rows.filter(canSelect)
  const allSelected = choosable.length > 0 && choosable.every((row) => selected.has(row.id))
  const toggle = (id: string) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    onSelect(next)
  }
  const toggleAllRows = () => onSelect(toggleAll(allSelected))

  return (
    <div
      className={stale ? `${classes.tableWrap} ${classes.stale}` : classes.tableWrap}
      aria-busy={stale || undefined}
    >
      <table className={classes.table} aria-describedby={captionId}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={classes.checkCell}>
              {selectAllText ? (
                <label className={selectAllText.className}>
                  <input
                    type="checkbox"
                    aria-label={selectAllLabel}
                    checked={allSelected}
                    onChange={toggleAllRows}
                  />
                  <span className={selectAllText.textClassName} aria-hidden="true">
                    {selectAllText.text}
                  </span>
                </label>
              ) : (
                <input
                  type="checkbox"
                  aria-label={selectAllLabel}
                  checked={allSelected}
                  onChange={toggleAllRows}
                />
              )}
            </th>
            {columns}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={selected.has(row.id) ? classes.selectedRow : undefined}>
              <td className={classes.checkCell}>
                <input
                  type="checkbox"
                  aria-label={`Select ${rowLabel(row)}`}
                  checked={selected.has(row.id)}
                  disabled={!canSelect(row)}
                  onChange={() => toggle(row.id)}
                />
              </td>
              {cells(row)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
