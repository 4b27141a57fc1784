import { type EmailIdentity, TemplateTestBodySchema } from '@app/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { useSendTestEmail } from '../api/email-identities'
import { sampleTestEmailHtml } from '../identity-display'
import { chosenAddress, type SenderChoice } from '../sender-choice'
import styles from './email-identities.module.css'
import { SenderField } from './sender-field'

interface SendTestEmailProps {
  organizationId: string
  awsAccountId: string
  organizationName: string
  /** Verified identities, the only ones SES sends from. */
  senders: readonly EmailIdentity[]
  /** Where the test goes unless changed. */
  defaultTo: string
  /** False in production, true in the sandbox, undefined when not known on this page. */
  inSandbox: boolean | undefined
}

type Field = 'email' | 'from' | 'subject' | 'content'

/** 'Send test email': a small HTML email from a verified identity through the organization's own SES. */
export function SendTestEmail(props: SendTestEmailProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        disabled={props.senders.length === 0}
        aria-describedby={props.senders.length === 0 ? 'no-sender-note' : undefined}
      >
        Send test email
      </Button>
      {props.senders.length === 0 && (
        <span id="no-sender-note" className="visually-hidden">
          Needs a verified identity to send from.
        </span>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title="Send test email" wide>
        <SendTestForm {...props} close={() => setOpen(false)} />
      </Dialog>
    </>
  )
}

function SendTestForm({
  organizationId,
  awsAccountId,
  organizationName,
  senders,
  defaultTo,
  inSandbox,
  close,
}: SendTestEmailProps & { close: () => void }) {
  const [to, setTo] = useState(defaultTo)
  const [sender, setSender] = useState<SenderChoice>({ senderId: senders[0]?.id ?? '', localPart: 'hello' })
  const [subject, setSubject] = useState('Test email from SES Studio')
  const [content, setContent] = useState(() => sampleTestEmailHtml(organizationName))
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const send = useSendTestEmail()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const from = chosenAddress(senders, sender)
    const parsed = TemplateTestBodySchema.safeParse({
      email: to.trim(),
      contentType: 'HTML',
      content,
      name: 'Test email',
      subject,
      organizationId,
      awsAccountId,
      from,
    })
    const found: Partial<Record<Field, string>> = {}
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [head] = issue.path
        const field: Field = head === 'email' || head === 'subject' || head === 'content' ? head : 'from'
        found[field] ??=
          field === 'from'
            ? 'Enter the part before the @, like hello.'
            : field === 'content'
              ? 'Write something to send.'
              : issue.message
      }
    }
    setErrors(found)
    if (!parsed.success) return
    send.mutate(parsed.data, {
      onSuccess: (result) => {
        toast.success(`Test email sent to ${result.to}. Message id ${result.messageId}`)
        close()
      },
    })
  }

  const rejected = send.error && isApiError(send.error, 'aws.rejected')
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Test email">
      <TextField
        label="To"
        name="test-to"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        error={errors.email}
        hint={
          inSandbox === false
            ? undefined
            : 'In the SES sandbox, the recipient must be a verified identity of this account too.'
        }
      />
      <SenderField
        senders={senders}
        value={sender}
        onChange={setSender}
        error={errors.from}
        name="test-from"
      />
      <TextField
        label="Subject"
        name="test-subject"
        autoComplete="off"
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        error={errors.subject}
      />
      <TextAreaField
        label="HTML body"
        name="test-html"
        rows={10}
        spellCheck={false}
        className={styles.code}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        error={errors.content}
      />
      {send.error && (
        <Alert tone="danger" role="alert" title="The test email was not sent">
          <p>{errorMessage(send.error)}</p>
          {rejected && inSandbox !== false && (
            <p>
              While the account is in the SES sandbox, SES delivers only to verified addresses. Add the
              recipient as an identity and verify it, or request production access on the Status page.
            </p>
          )}
        </Alert>
      )}
      <div className={styles.dialogFooter}>
        <Button variant="secondary" onClick={close} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={send.isPending}>
          Send test email
        </Button>
      </div>
    </form>
  )
}
