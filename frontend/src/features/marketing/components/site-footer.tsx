import { Link } from 'react-router-dom'
import { Logo } from '../../../components/ui/logo'
import { paths } from '../../../lib/paths'
import {
  LEGAL_LINKS,
  PRODUCT_LINKS,
  RESOURCE_LINKS,
  REVIEW_SITE_URL,
  SIGN_UP_PATH,
  type SiteLink,
  USE_CASE_LINKS,
} from '../site-map'
import styles from './site-footer.module.css'

function LinkColumn({ title, links }: { title: string; links: readonly SiteLink[] }) {
  return (
    <div>
      <h2 className={styles.columnTitle}>{title}</h2>
      <ul className={styles.links}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The card payment provider's badge, drawn here (no third-party image or script). */
function PaymentBadge() {
  return (
    <span className={styles.paymentBadge}>
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
        <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      Payments secured by <strong>Stripe</strong>
    </span>
  )
}

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <Logo size={28} />
          <p>
            Open-source template, contact and campaign management for Amazon SES, running on your own AWS
            account.
          </p>
          <p className={styles.carbon}>
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path
                d="M3 13c0-6 4-10 11-10-1 7-5 10-9.5 10M3 13l5-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            SES Studio contributes 0.5% of each purchase to carbon removal.
          </p>
          <PaymentBadge />
        </div>
        <LinkColumn title="Product" links={PRODUCT_LINKS} />
        <LinkColumn title="Use cases" links={USE_CASE_LINKS} />
        <LinkColumn title="Resources" links={RESOURCE_LINKS} />
        <div>
          <h2 className={styles.columnTitle}>Account</h2>
          <ul className={styles.links}>
            <li>
              <Link to={SIGN_UP_PATH}>Start for free</Link>
            </li>
            <li>
              <Link to={paths.dashboard()}>Dashboard</Link>
            </li>
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className={styles.bottom}>
        <p>© {new Date().getFullYear()} SES Studio. Amazon SES and AWS are trademarks of Amazon.com, Inc.</p>
        <a href={REVIEW_SITE_URL} target="_blank" rel="noopener noreferrer">
          Review SES Studio on G2<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
    </footer>
  )
}
