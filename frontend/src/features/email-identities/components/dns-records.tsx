import { CopyButton } from '../../../components/ui/copy-button'
import { type DnsRecord, zoneFileLines } from '../identity-display'
import styles from './email-identities.module.css'

/** DNS records to publish, each part copyable; 'Copy all' gives zone-file lines. */
export function DnsRecords({ records, caption }: { records: readonly DnsRecord[]; caption: string }) {
  return (
    <div className={styles.records}>
      <div className={styles.recordsHeader}>
        <p className={styles.recordsCaption}>{caption}</p>
        <CopyButton text={zoneFileLines(records)} what={`all: ${caption}`} label="Copy all" />
      </div>
      <ul className={styles.recordList}>
        {records.map((record) => (
          <li key={`${record.type}:${record.name}:${record.value}`} className={styles.record}>
            <span className={styles.recordType}>{record.type}</span>
            <div className={styles.recordPart}>
              <span className={styles.recordLabel}>Name</span>
              <code title={record.name}>{record.host}</code>
              <CopyButton text={record.host} what={`name ${record.host}`} />
            </div>
            <div className={styles.recordPart}>
              <span className={styles.recordLabel}>Value</span>
              <code>{record.value}</code>
              <CopyButton text={record.value} what={`value for ${record.host}`} />
            </div>
          </li>
        ))}
      </ul>
      <p className={styles.hint}>
        Names are relative to your domain; if your DNS provider wants full names, use the “Copy all” lines.
      </p>
    </div>
  )
}
