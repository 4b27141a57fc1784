import type { AuditEntry } from '@app/contracts'
import dataTable from '../../../components/ui/data-table.module.css'
import { actorText, auditActionLabel, changeText, entryTime } from '../audit-display'
import styles from './audit-log.module.css'

/** The entries, newest first: a table on wide screens, small cards on phones (same markup, CSS only). */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <div className={dataTable.wrap}>
      <table className={`${dataTable.table} ${styles.table}`}>
        <caption className="visually-hidden">Audit log entries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className={styles.time}>
                <time dateTime={entry.occurredAt}>{entryTime(entry.occurredAt)}</time>
              </td>
              <td className={styles.who}>{actorText(entry.actor)}</td>
              <th scope="row" className={styles.action}>
                <span>{auditActionLabel(entry.action)}</span>
                <code className={styles.code}>{entry.action}</code>
              </th>
              <td className={styles.target}>{entry.target.label}</td>
              <td className={styles.change}>{changeText(entry.change)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
