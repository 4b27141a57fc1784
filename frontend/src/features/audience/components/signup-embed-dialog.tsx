import type { Topic } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { CopyButton } from '../../../components/ui/copy-button'
import { Dialog } from '../../../components/ui/dialog'
import dialogStyles from '../../../components/ui/dialog.module.css'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { appConfigQuery } from '../../../lib/app-config'
import { signupEmbed } from '../signup-embed'
import styles from './signup-embed.module.css'

/** A topic's signup page link and the HTML form to paste into the customer's own site, each with a copy button. */
export function SignupEmbedDialog({ topic, onClose }: { topic: Topic | undefined; onClose: () => void }) {
  return (
    <Dialog open={!!topic} onClose={onClose} title={`Signup form for ${topic?.name ?? ''}`} wide>
      {topic && <SignupEmbed topic={topic} />}
      <div className={dialogStyles.footer}>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  )
}

function SignupEmbed({ topic }: { topic: Topic }) {
  const config = useQuery(appConfigQuery())
  const pageId = useId()
  const formId = useId()
  if (!config.data) return <LoadingLines lines={3} label="Preparing the signup form" />
  const embed = signupEmbed(topic, { app: window.location.origin, apiBaseUrl: config.data.apiBaseUrl })
  return (
    <div className={styles.embed}>
      <p className={dialogStyles.body}>
        {topic.doubleOptIn
          ? 'People who sign up get an email asking them to confirm; they are waiting for confirmation (and never mailed by a campaign) until they do.'
          : 'People who sign up are subscribed at once. Turn on double opt-in (Edit) to ask them to confirm by email first.'}
      </p>
      <section className={styles.block} aria-labelledby={pageId}>
        <h3 id={pageId} className={styles.heading}>
          Hosted signup page
        </h3>
        <p className={styles.help}>Link to it from your site, a social profile or an email signature.</p>
        <div className={styles.row}>
          <a className={styles.link} href={embed.pageUrl} target="_blank" rel="noreferrer">
            {embed.pageUrl}
          </a>
          <CopyButton text={embed.pageUrl} what="the signup page link" />
        </div>
      </section>
      <section className={styles.block} aria-labelledby={formId}>
        <h3 id={formId} className={styles.heading}>
          Embeddable form
        </h3>
        <p className={styles.help}>
          Paste this HTML into any page. It posts to SES Studio, which shows the person the result on the
          hosted page.
        </p>
        <textarea
          className={styles.code}
          aria-labelledby={formId}
          readOnly
          rows={8}
          value={embed.formHtml}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <div>
          <CopyButton text={embed.formHtml} what="the signup form HTML" label="Copy HTML" />
        </div>
      </section>
      {topic.status === 'deleting' && (
        <Alert tone="warning">This topic is being deleted: the form stops working once it is gone.</Alert>
      )}
    </div>
  )
}
