import type { ReactNode } from 'react'
import styles from './badge.module.css'

export type BadgeColor = 'neutral' | 'blue' | 'purple' | 'orange' | 'yellow' | 'green' | 'red'

export function Badge({ color = 'neutral', children }: { color?: BadgeColor; children: ReactNode }) {
  return <span className={`${styles.badge} ${styles[color]}`}>{children}</span>
}
