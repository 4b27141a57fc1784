import { useSyncExternalStore } from 'react'
import { Link } from 'react-router-dom'
import { type Toast, toastStore } from './toast-store'
import styles from './toaster.module.css'

function ToastItem({ toast }: { toast: Toast }) {
  return (
    <div className={`${styles.toast} ${styles[toast.tone]}`} data-tone={toast.tone}>
      <p className={styles.message}>
        {toast.message}
        {toast.action && (
          <Link className={styles.action} to={toast.action.to} onClick={() => toastStore.dismiss(toast.id)}>
            {toast.action.label}
          </Link>
        )}
      </p>
      <button
        type="button"
        className={styles.close}
        aria-label="Dismiss notification"
        onClick={() => toastStore.dismiss(toast.id)}
      >
        ×
      </button>
    </div>
  )
}

/** Toasts stay while the pointer or focus is on them. Two live regions that always exist, so screen readers announce what is added to them. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot)
  const urgent = toasts.filter((toast) => toast.tone === 'danger')
  const polite = toasts.filter((toast) => toast.tone !== 'danger')
  return (
    <section
      className={styles.region}
      aria-label="Notifications"
      onMouseEnter={toastStore.pauseAll}
      onMouseLeave={toastStore.resumeAll}
      onFocus={toastStore.pauseAll}
      onBlur={toastStore.resumeAll}
    >
      <div className={styles.stack} role="status" aria-live="polite">
        {polite.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
      <div className={styles.stack} role="alert" aria-live="assertive">
        {urgent.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </section>
  )
}
