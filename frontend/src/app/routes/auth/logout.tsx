import type { QueryClient } from '@tanstack/react-query'
import { redirect, useLoaderData, useRevalidator } from 'react-router-dom'
import { AuthCard } from '../../../components/layouts/auth-layout'
import { Alert } from '../../../components/ui/alert'
import { Button, ButtonLink } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast-store'
import { signOutOfThisBrowser } from '../../../features/auth/api/session'
import { SIGN_OUT_FAILED } from '../../../features/auth/auth-errors'
import styles from '../../../features/auth/components/auth-forms.module.css'
import { paths } from '../../../lib/paths'

/** 'Sign Out': ends the session, forgets every cached answer (spec §4), then shows the sign-in page. */
export const clientLoader = (queryClient: QueryClient) => async () => {
  try {
    await signOutOfThisBrowser()
  } catch {
    toast.danger(SIGN_OUT_FAILED)
    return { failed: true }
  }
  queryClient.clear()
  return redirect('/auth/sign-in')
}

export function Component() {
  const { failed } = useLoaderData<{ failed: boolean }>()
  const revalidator = useRevalidator()
  if (!failed) return null
  return (
    <AuthCard title="Sign out">
      <div className={styles.stack}>
        <Alert tone="danger" title={SIGN_OUT_FAILED}>
          You are still signed in on this browser. Check your connection and try again.
        </Alert>
        <Button block loading={revalidator.state === 'loading'} onClick={() => revalidator.revalidate()}>
          Try again
        </Button>
        <ButtonLink to={paths.dashboard()} variant="ghost" block>
          Back to dashboard
        </ButtonLink>
      </div>
    </AuthCard>
  )
}
