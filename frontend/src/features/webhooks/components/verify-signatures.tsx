import { WEBHOOK_VERIFY_SNIPPET } from '@app/contracts/webhooks/verify-snippet'
import { useId } from 'react'
import { Card } from '../../../components/ui/card'
import { CopyButton } from '../../../components/ui/copy-button'
import styles from './webhooks.module.css'

/** The Node check of a delivery's signature, to copy (the same code core's tests run against our signer). */
function VerificationSnippet() {
  const id = useId()
  return (
    <div className={styles.snippet}>
      <div className={styles.snippetHead}>
        <p id={id} className={styles.snippetTitle}>
          Verify a delivery in Node
        </p>
        <CopyButton text={WEBHOOK_VERIFY_SNIPPET} what="the verification code" />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take keyboard focus to scroll */}
      <section className={styles.code} tabIndex={0} aria-labelledby={id}>
        <pre>
          <code>{WEBHOOK_VERIFY_SNIPPET}</code>
        </pre>
      </section>
    </div>
  )
}

/** How deliveries are signed (Standard Webhooks) and how a receiver checks them. */
export function VerifySignatures() {
  return (
    <Card
      title="Verify signatures"
      description="Every delivery is signed with its endpoint’s secret, so your receiver can tell it comes from us and was not replayed."
    >
      <div className={styles.explain}>
        <p>
          Each request is a <code>POST</code> of the event as JSON (<code>id</code>, <code>type</code>,{' '}
          <code>occurredAt</code>, <code>organizationId</code>, <code>actor</code>, <code>payload</code>) with
          three headers, as{' '}
          <a href="https://www.standardwebhooks.com/" target="_blank" rel="noreferrer">
            Standard Webhooks
          </a>{' '}
          defines them:
        </p>
        <ul className={styles.headers}>
          <li>
            <code>webhook-id</code>: the event’s id, the same on every retry: ignore an id you have handled.
          </li>
          <li>
            <code>webhook-timestamp</code>: when this attempt was sent, in Unix seconds: refuse one more than
            5 minutes from your clock.
          </li>
          <li>
            <code>webhook-signature</code>: <code>v1,</code> and the base64 HMAC-SHA256 of{' '}
            <code>id.timestamp.body</code>, keyed with the base64 after <code>whsec_</code> in the secret.
            After a rotation it carries two signatures, space-separated, for 24 hours: either secret verifies.
          </li>
        </ul>
        <p>
          Answer with a 2xx status within 5 seconds. Anything else is retried up to 7 times with growing
          pauses (from 5 seconds to 10 hours, about 18 hours in all); when every attempt of a delivery fails,
          the endpoint is disabled and the organization’s owners get an email.
        </p>
      </div>
      <VerificationSnippet />
    </Card>
  )
}
