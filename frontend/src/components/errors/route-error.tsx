import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom'
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api-error'
import { isDevelopmentBuild } from '../../lib/env'
import { paths } from '../../lib/paths'
import { hasStoredSession } from '../../lib/stored-session'
import { Button, ButtonLink } from '../ui/button'
import styles from './route-error.module.css'

interface ErrorView {
  label: string
  title: string
  message: string
  signIn?: boolean
}

function describe(error: unknown): ErrorView {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return {
      label: '404',
      title: 'Page not found',
      message: 'The page you asked for does not exist or has moved.',
    }
  }
  if (error instanceof ApiError) {
    if (error.status === 401) {
      return {
        label: 'Signed out',
        title: 'Your session has ended',
        message: 'Sign in again to continue.',
        signIn: true,
      }
    }
    if (error.status === 0)
      return { label: 'Offline?', title: 'Could not reach the server', message: NETWORK_ERROR_MESSAGE }
    return { label: `Error ${error.status}`, title: 'Something went wrong', message: error.message }
  }
  // A chunk that no longer exists after a new deployment, a failed /app-config.json, a bug.
  return {
    label: 'Error',
    title: 'Something went wrong',
    message: 'This page could not be loaded. Reload to try again; if it keeps happening, tell us.',
  }
}

/** The dashboard for those signed in (and on its own pages), the home page for everyone else. */
function WayBack({ variant, reloadDocument }: { variant?: 'secondary'; reloadDocument?: boolean }) {
  const { pathname } = useLocation()
  const dashboard =
    pathname === paths.dashboard() || pathname.startsWith(`${paths.dashboard()}/`) || hasStoredSession()
  return (
    <ButtonLink to={dashboard ? paths.dashboard() : '/'} variant={variant} reloadDocument={reloadDocument}>
      {dashboard ? 'Go to dashboard' : 'Go to home'}
    </ButtonLink>
  )
}

/** The error boundary of every route: says what happened and offers a way forward. */
export function RouteError() {
  const error = useRouteError()
  if (isDevelopmentBuild) console.error(error)
  const view = describe(error)
  return (
    <div className={styles.wrap}>
      <div className={styles.panel} role="alert">
        <p className={styles.code}>{view.label}</p>
        <h1>{view.title}</h1>
        <p className={styles.message}>{view.message}</p>
        <div className={styles.actions}>
          {view.signIn ? (
            <ButtonLink to="/auth/sign-in">Sign in</ButtonLink>
          ) : (
            <Button onClick={() => window.location.reload()}>Try again</Button>
          )}
          <WayBack variant="secondary" reloadDocument />
        </div>
      </div>
    </div>
  )
}

export function NotFound() {
  return (
    <div className={styles.wrap}>
      <div className={styles.panel}>
        <p className={styles.code}>404</p>
        <h1>Page not found</h1>
        <p className={styles.message}>The page you asked for does not exist or has moved.</p>
        <div className={styles.actions}>
          <WayBack />
        </div>
      </div>
    </div>
  )
}
