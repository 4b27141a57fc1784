import styles from './lock-badge.module.css'

/** Spec §6 lock-style badge: the plan a gated page needs. */
export function LockBadge({ tier }: { tier: string }) {
  return (
    <span className={styles.lock} title={`Needs the ${tier} plan`}>
      <svg width="11" height="11" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path
          d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2h.5A1.5 1.5 0 0 1 13.5 8.5v5A1.5 1.5 0 0 1 12 15H4a1.5 1.5 0 0 1-1.5-1.5v-5A1.5 1.5 0 0 1 4 7zm1.5 0h4V5a2 2 0 1 0-4 0z"
          fill="currentColor"
        />
      </svg>
      {tier}
      <span className="visually-hidden"> plan needed</span>
    </span>
  )
}
