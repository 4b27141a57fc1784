import styles from './spinner.module.css'

export function Spinner({ size = 'medium' }: { size?: 'small' | 'medium' | 'large' }) {
  return <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />
}

export function FullScreenLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={styles.screen} role="status" aria-live="polite">
      <Spinner size="large" />
      <span>{label}</span>
    </div>
  )
}
