import styles from './campaigns.module.css'

/**
 * Shown where Send, Schedule, Resume or Retry would be for a role without `campaigns.send`: sending reaches every
 * contact, so owners and admins do it (members draft, edit, test-send, pause and cancel).
 */
export function SendingNeedsRole({ ask }: { ask: string }) {
  return (
    <p className={styles.muted} role="note">
      Sending needs an owner or admin: ask one of them to {ask}.
    </p>
  )
}
