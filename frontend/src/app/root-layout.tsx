import { Suspense } from 'react'
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom'
import { FullScreenLoader } from '../components/ui/spinner'
import { Toaster } from '../components/ui/toaster'
import styles from './root-layout.module.css'

/** Shared by every page, public or signed-in: kept free of the auth library and the API contracts. */
export function RootLayout() {
  const navigation = useNavigation()
  return (
    <>
      {navigation.state !== 'idle' && (
        <div className={styles.progress} role="progressbar" aria-label="Loading page" />
      )}
      <Suspense fallback={<FullScreenLoader />}>
        <Outlet />
      </Suspense>
      <Toaster />
      <ScrollRestoration />
    </>
  )
}
