import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { Alert } from '../../components/ui/alert'
import { Spinner } from '../../components/ui/spinner'
import { errorMessage, isApiError } from '../../lib/api-error'
import { linkFromSearch, type SignedLink, unsubscribeQueries } from './api/unsubscribe'
import { Preferences } from './components/preferences'
import styles from './components/preferences.module.css'

function Problem({
  title,
  children,
  tone = 'danger',
}: {
  title: string
  children: string
  tone?: 'danger' | 'info'
}) {
  return (
    <section className={styles.card} aria-labelledby="preferences-title">
      <header className={styles.header}>
        <h1 id="preferences-title">Email preferences</h1>
      </header>
      <Alert tone={tone} role={tone === 'danger' ? 'alert' : 'status'} title={title}>
        {children}
      </Alert>
    </section>
  )
}

const INVALID_LINK =
  'Open the unsubscribe link from the latest email you received, exactly as it is (links copied by hand often lose a part).'

function LinkPage({ link }: { link: SignedLink }) {
  const page = useQuery(unsubscribeQueries.page(link))
  if (page.isPending)
    return (
      <div className={styles.center} role="status" aria-label="Loading your preferences">
        <Spinner />
      </div>
    )
  if (page.isError) {
    if (isApiError(page.error, 'unsubscribe.invalid_signature'))
      return <Problem title="This link is not valid">{INVALID_LINK}</Problem>
    if (isApiError(page.error, 'unsubscribe.contact_gone'))
      return (
        <Problem title="You are not on this list any more">
          Your address was removed from this list, so you will not get its emails.
        </Problem>
      )
    return <Problem title="Could not load your preferences">{errorMessage(page.error)}</Problem>
  }
  return <Preferences link={link} page={page.data} />
}

/** The public unsubscribe page (spec §2, centred layout): everything it needs is in the signed link. */
export function UnsubscribePage() {
  const { search } = useLocation()
  const link = linkFromSearch(search)
  useEffect(() => {
    document.title = 'Email preferences'
  }, [])
  // A test send links here without a contact or a proof (`TEST_UNSUBSCRIBE_PATH`).
  if (new URLSearchParams(search).get('test') === '1')
    return (
      <Problem tone="info" title="This was a test email">
        In the real campaign, this link opens each recipient’s own preferences, where they can unsubscribe.
        Nothing was changed.
      </Problem>
    )
  if (!link) return <Problem title="This link is not valid">{INVALID_LINK}</Problem>
  return <LinkPage link={link} />
}
