import styles from './loading-lines.module.css'

/** Grey placeholder lines while a slow answer (the payment provider, SES) is awaited. */
export function LoadingLines({ lines = 3, label }: { lines?: number; label: string }) {
  return (
    <div className={styles.skeleton} role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
        <span key={index} className={styles.bone} />
      ))}
    </div>
  )
}
