import type { ReactNode } from 'react'
import { errorMessage } from '../../lib/api-error'
import { Alert } from './alert'
import { Button } from './button'

/**
 * Something a page needs could not be read: what, why (`fallback` when the error says nothing a user can use),
 * and 'Try again'.
 */
export function LoadError({
  title,
  error,
  onRetry,
  fallback,
}: {
  title: ReactNode
  error: unknown
  onRetry: () => void
  fallback?: string
}) {
  return (
    <Alert
      tone="danger"
      role="alert"
      title={title}
      actions={
        <Button variant="secondary" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {errorMessage(error, fallback)}
    </Alert>
  )
}
