import { isComingSoon, type Offering } from '@app/contracts'
import { Link } from 'react-router-dom'
import { ButtonLink } from '../../../components/ui/button'
import { ComingSoon } from '../../../components/ui/coming-soon'
import styles from '../components/marketing.module.css'
import { PRODUCT_LINKS, SIGN_UP_PATH, USE_CASE_LINKS } from '../site-map'
import { usePageMeta } from '../use-page-meta'

const CAPABILITIES: readonly {
  title: string
  body: string
  to: string
  more: string
  offering?: Offering
}[] = [
  {
    title: 'Templates',
    body: 'Edit subject, HTML and text of your SES templates, preview them with real data, then save straight to SES.',
    to: '/template-manager',
    more: 'More about the template manager',
  },
  {
    title: 'Audience',
    offering: 'audience',
    body: 'Contacts and topics, with a public unsubscribe page, CSV import and export.',
    to: '/contact-list',
    more: 'More about contact lists',
  },
  {
    title: 'Campaigns',
    offering: 'campaigns',
    body: 'Send a template to a topic through your own SES account, with a result for every recipient and a report.',
    to: '/email-campaigns',
    more: 'More about email campaigns',
  },
  {
    title: 'GitHub sync',
    offering: 'githubSync',
    body: 'Keep templates in a repository and review email changes like code changes.',
    to: '/transactional-emails',
    more: 'Templates next to your code',
  },
  {
    title: 'Campaigns API',
    offering: 'campaignsApi',
    body: 'Upsert contacts, start campaigns and send transactional email from your own code, with scoped keys and signed webhooks.',
    to: '/docs/api',
    more: 'Read the API reference',
  },
  {
    title: 'Teams',
    offering: 'teamInvitations',
    body: 'Organizations with invitations, so templates and campaigns belong to the team, not to one login.',
    to: '/pricing',
    more: 'Compare plans',
  },
]

export function Component() {
  usePageMeta(
    'SES Studio · Edit your Amazon SES email templates',
    'SES Studio is an open-source editor for Amazon SES email templates, contacts and campaigns that runs on your own AWS account. Start for free, no credit card required.',
  )
  return (
    <>
      <section className={`${styles.hero} ${styles.centered}`} aria-labelledby="page-title">
        <p className={styles.eyebrow}>Open source · Runs on your AWS account</p>
        <h1 id="page-title" className={styles.title}>
          Edit your Amazon SES email templates
        </h1>
        <p className={styles.lead}>
          Amazon SES sends email cheaply and reliably, but gives you no place to write, preview or organise
          the templates it sends. SES Studio is that place, working against the SES account you already have.
        </p>
        <div className={styles.ctaRow}>
          <ButtonLink to={SIGN_UP_PATH}>Start for free</ButtonLink>
          <ButtonLink to="/pricing" variant="secondary">
            See pricing
          </ButtonLink>
        </div>
        <p className={styles.note}>No credit card required · 5 free template actions every month</p>
      </section>

      <section className={styles.section} aria-labelledby="capabilities">
        <h2 id="capabilities" className={styles.sectionTitle}>
          Everything SES leaves to you
        </h2>
        <ul className={`${styles.grid} ${styles.grid3}`}>
          {CAPABILITIES.map((item) => (
            <li key={item.title} className={styles.tile}>
              <h3 className={styles.tileTitle}>
                {item.title} {item.offering && <ComingSoon offering={item.offering} />}
              </h3>
              <p>{item.body}</p>
              <Link to={item.to} className={styles.tileLink}>
                {item.more}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="how">
        <h2 id="how" className={styles.sectionTitle}>
          How it works
        </h2>
        <ol className={styles.steps}>
          <li>
            <strong>Sign up</strong>
            <span>Create a free account and an organization for your team.</span>
          </li>
          <li>
            <strong>Connect your AWS account</strong>
            <span>
              Create an IAM role that trusts SES Studio with a unique external ID — AWS’s recommended way to
              give a third party access, with no long-lived keys to hand over.
            </span>
          </li>
          <li>
            <strong>Work on your templates</strong>
            <span>
              Your existing SES templates appear at once; changes are written back to SES when you save.
            </span>
          </li>
          <li>
            <strong>Send</strong>
            <span>
              {isComingSoon('campaigns')
                ? 'From your own code as today. Campaigns to a topic, from the dashboard or the API, are coming soon.'
                : 'From your own code as today, or as campaigns to a topic from the dashboard or the API.'}
            </span>
          </li>
        </ol>
      </section>

      <section className={styles.section} aria-labelledby="yours">
        <h2 id="yours" className={styles.sectionTitle}>
          Your AWS account, your data
        </h2>
        <ul className={styles.grid}>
          <li className={styles.tile}>
            <h3>Mail leaves from your SES</h3>
            <p>Your domain, your sending reputation, your SES quotas and SES’s prices. No shared IP pools.</p>
          </li>
          <li className={styles.tile}>
            <h3>Templates stay in SES</h3>
            <p>
              SES Studio edits the templates in your account rather than keeping copies you would have to
              export.
            </p>
          </li>
          <li className={styles.tile}>
            <h3>Open source</h3>
            <p>Read the code, run it yourself with the AWS CDK, or let us host the dashboard for you.</p>
          </li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="explore">
        <h2 id="explore" className={styles.sectionTitle}>
          Explore by use
        </h2>
        <ul className={`${styles.grid} ${styles.gridNarrow}`}>
          {[...PRODUCT_LINKS, ...USE_CASE_LINKS].map((link) => (
            <li key={link.to} className={styles.tile}>
              <h3>
                <Link to={link.to}>{link.label}</Link>
              </h3>
              <p>{link.description}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.callout} aria-labelledby="start">
        <h2 id="start" className={styles.sectionTitle}>
          Try it on your own templates
        </h2>
        <p className={styles.sectionLead}>
          The Start plan is free for as long as you like, with 5 template actions a month. Upgrade when you
          need more.
        </p>
        <div className={styles.ctaRow}>
          <ButtonLink to={SIGN_UP_PATH}>Start for free</ButtonLink>
          <span className={styles.note}>No credit card required</span>
        </div>
      </section>
    </>
  )
}
