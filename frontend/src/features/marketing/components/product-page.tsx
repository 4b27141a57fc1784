import { COMING_SOON_LABEL, isComingSoon, OFFERING_LABELS, type Offering } from '@app/contracts'
import { ButtonLink } from '../../../components/ui/button'
import { ComingSoon } from '../../../components/ui/coming-soon'
import { SIGN_UP_PATH } from '../site-map'
import { usePageMeta } from '../use-page-meta'
import styles from './marketing.module.css'

export interface ProductPageContent {
  metaTitle: string
  metaDescription: string
  eyebrow: string
  title: string
  lead: string
  /** What the page sells, when a plan offering: marked "Coming soon" until it is built. */
  offering?: Offering
  /** A highlight naming an offering carries the same mark. */
  highlights: readonly { title: string; body: string; offering?: Offering }[]
  stepsTitle: string
  steps: readonly { title: string; body: string }[]
  /** An example shown as code: a template, an API call. */
  example?: { title: string; caption: string; code: string }
  /** Which plan this needs, in plain words. */
  planNote: string
}

/** The layout shared by the product and use-case pages; each page supplies its own words. */
export function ProductPage({ content }: { content: ProductPageContent }) {
  usePageMeta(content.metaTitle, content.metaDescription)
  const upcoming = content.offering && isComingSoon(content.offering) ? content.offering : undefined
  return (
    <>
      <section className={styles.hero} aria-labelledby="page-title">
        <p className={styles.eyebrow}>
          {content.eyebrow}
          {upcoming && (
            <>
              {' · '}
              {COMING_SOON_LABEL}
            </>
          )}
        </p>
        <h1 id="page-title" className={styles.title}>
          {content.title}
        </h1>
        <p className={styles.lead}>{content.lead}</p>
        <div className={styles.ctaRow}>
          <ButtonLink to={SIGN_UP_PATH}>Start for free</ButtonLink>
          <ButtonLink to="/pricing" variant="secondary">
            See pricing
          </ButtonLink>
        </div>
        <p className={styles.note}>
          {upcoming && (
            <>
              <ComingSoon offering={upcoming} /> {OFFERING_LABELS[upcoming]} is not in SES Studio yet: this
              page describes what is on the way.{' '}
            </>
          )}
          {content.planNote}
        </p>
      </section>

      <section className={styles.section} aria-labelledby="highlights">
        <h2 id="highlights" className={styles.sectionTitle}>
          What you get
        </h2>
        <ul className={styles.grid}>
          {content.highlights.map((item) => (
            <li key={item.title} className={styles.tile}>
              <h3 className={styles.tileTitle}>
                {item.title} {item.offering && <ComingSoon offering={item.offering} />}
              </h3>
              <p>{item.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="steps">
        <h2 id="steps" className={styles.sectionTitle}>
          {content.stepsTitle}
        </h2>
        <ol className={styles.steps}>
          {content.steps.map((step) => (
            <li key={step.title}>
              <strong>{step.title}</strong>
              <span>{step.body}</span>
            </li>
          ))}
        </ol>
      </section>

      {content.example && (
        <section className={styles.section} aria-labelledby="example">
          <h2 id="example" className={styles.sectionTitle}>
            {content.example.title}
          </h2>
          <p className={styles.sectionLead}>{content.example.caption}</p>
          <pre className={styles.code}>
            <code>{content.example.code}</code>
          </pre>
        </section>
      )}
    </>
  )
}
