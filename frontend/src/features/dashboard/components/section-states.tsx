import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import styles from './dashboard.module.css'

/** A section with nothing to show yet: what that means, and the next step (a link). */
export function EmptyState({
  title,
  children,
  actions,
}: {
  title: string
  children: ReactNode
  actions: ReactNode
}) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{title}</p>
      <p>{children}</p>
      <div className={styles.links}>{actions}</div>
    </div>
  )
}

/**
 * One section's query: placeholder lines while it loads, the error with 'Try again' if it failed (the other
 * sections carry on), else its content.
 */
export function QueryBody<T>({
  query,
  what,
  lines = 3,
  children,
}: {
  query: UseQueryResult<T>
  /** 'the recent campaigns' — finishes 'Reading …' and 'Could not read …'. */
  what: string
  lines?: number
  children: (data: T) => ReactNode
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>
  if (query.isError)
    return (
      <LoadError title={`Could not read ${what}`} error={query.error} onRetry={() => void query.refetch()} />
    )
  return <LoadingLines lines={lines} label={`Reading ${what}`} />
}
