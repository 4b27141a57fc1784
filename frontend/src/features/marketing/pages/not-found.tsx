import { ButtonLink } from '../../../components/ui/button'
import { paths } from '../../../lib/paths'
import { hasStoredSession } from '../../../lib/stored-session'
import styles from '../components/marketing.module.css'
import { usePageMeta } from '../use-page-meta'

/** A public address that leads nowhere, inside the site's header and footer; the dashboard only for those signed in. */
export function Component() {
  usePageMeta(
    'Page not found',
    'The page you asked for does not exist or has moved. Start again from the home page.',
  )
  const signedIn = hasStoredSession()
  return (
    <section className={`${styles.hero} ${styles.centered}`} aria-labelledby="page-title">
      <p className={styles.eyebrow}>404</p>
      <h1 id="page-title" className={styles.title}>
        Page not found
      </h1>
      <p className={styles.lead}>The page you asked for does not exist or has moved.</p>
      <div className={styles.ctaRow}>
        <ButtonLink to="/" variant={signedIn ? 'secondary' : 'primary'}>
          Go to home
        </ButtonLink>
        {signedIn && <ButtonLink to={paths.dashboard()}>Go to dashboard</ButtonLink>}
      </div>
    </section>
  )
}
