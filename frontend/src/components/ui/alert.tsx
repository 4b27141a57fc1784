import type { ReactNode } from 'react'
import styles from './alert.module.css'

export type Tone = 'info' | 'success' | 'warning' | 'danger'

interface AlertProps {
  tone?: Tone
  title?: ReactNode
  children?: ReactNode
  actions?: ReactNode
  /** `alert` interrupts screen readers; use it only for something that just went wrong. */
  role?: 'alert' | 'status' | 'note'
}

export function Alert({ tone = 'info', title, children, actions, role = 'note' }: AlertProps) {
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={role}>
      <div className={styles.content}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div>{children}</div>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  )
}
