import { type CSSProperties, Suspense } from 'react'
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom'
import { FullScreenLoader } from '../components/ui/spinner'
import { Toaster } from '../components/ui/toaster'
import styles from './root-layout.module.css'

/** Spec §9: the route-change bar starts at 30% and creeps towards the end until the page is ready. */
export const PROGRESS_MINIMUM = 0.3

/** Shared by every page, public or signed-in: kept free of the auth library and the API contracts. */
export function RootLayout() {
  const navigation = useNavigation()
  return (
    <>
      {navigation.state !== 'idle' && (
        <div
          className={styles.progress}
          role="progressbar"
          aria-label="Loading page"
          style={{ '--progress-minimum': PROGRESS_MINIMUM } as CSSProperties}
        />
      )}
      <Suspense fallback={<FullScreenLoader />}>
        <Outlet />
      </Suspense>
      <Toaster />
      <ScrollRestoration />
    </>
  )
}
