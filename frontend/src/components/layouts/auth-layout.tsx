import type { ReactNode } from 'react'
import { Link, Outlet } from 'react-router-dom'
import { Logo } from '../ui/logo'
import styles from './auth-layout.module.css'

/** The bare layout of every /auth page (spec §2): logo, one centred card, nothing else. */
export function AuthLayout({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/" className={styles.home} aria-label="SES Studio home">
          <Logo size={36} />
        </Link>
      </header>
      <main className={styles.main}>{children ?? <Outlet />}</main>
      <footer className={styles.footer}>
        SES Studio manages Amazon SES on your own AWS account. Your email never leaves it.
      </footer>
    </div>
  )
}

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string
  subtitle?: ReactNode
  children: ReactNode
}) {
  return (
    <section className={styles.card} aria-labelledby="auth-card-title">
      <div className={styles.cardHeader}>
        <h1 id="auth-card-title">{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      <div className={styles.cardBody}>{children}</div>
    </section>
  )
}
