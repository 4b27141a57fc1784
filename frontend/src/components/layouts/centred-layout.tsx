import { Outlet } from 'react-router-dom'
import { Logo } from '../ui/logo'
import styles from './centred-layout.module.css'

/**
 * Spec §2's centred layout (paths containing /unsubscribe): one column in the middle of the screen, no navigation
 * and no sign-in. The people who see it get a customer's email, not an account with us, so it only says
 * discreetly who runs the page.
 */
export function CentredLayout() {
  return (
    <div className={styles.page}>
      <main className={styles.main}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <Logo compact size={18} />
        <span>Sent with SES Studio</span>
      </footer>
    </div>
  )
}
