import { type ReactNode, useId } from 'react'
import styles from './card.module.css'

interface CardProps {
  title?: ReactNode
  description?: ReactNode
  actions?: ReactNode
  tone?: 'default' | 'danger'
  children: ReactNode
}

export function Card({ title, description, actions, tone = 'default', children }: CardProps) {
  const titleId = useId()
  return (
    <section
      className={[styles.card, tone === 'danger' && styles.danger].filter(Boolean).join(' ')}
      aria-labelledby={title ? titleId : undefined}
    >
      {(title || actions) && (
        <header className={styles.header}>
          <div className={styles.titles}>
            {title && <h2 id={titleId}>{title}</h2>}
            {description && <p className={styles.description}>{description}</p>}
          </div>
          {actions}
        </header>
      )}
      <div className={styles.body}>{children}</div>
    </section>
  )
}
