import { TemplateTestBodySchema } from '@app/contracts'
import { renderTemplate } from '@app/email/browser'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import dialogStyles from '../../../components/ui/dialog.module.css'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { awsAccountName } from '../../aws-accounts/aws-account-display'
import { useSelectedAwsAccount } from '../../aws-accounts/use-selected-aws-account'
import { emailIdentityQueries } from '../../email-identities/api/email-identities'
import { SenderField } from '../../email-identities/components/sender-field'
import {
  chosenAddress,
  initialSenderChoice,
  rememberedSender,
  rememberSender,
  type SenderChoice,
} from '../../email-identities/sender-choice'
import { useSendTemplateTest } from '../api/templates'
import styles from './editor.module.css'
import { parseSampleJson, type WorkingCopy } from './working-copy'

interface SendTestDialogProps {
  open: boolean
  onClose: () => void
  copy: WorkingCopy
  organizationId: string
  defaultTo: string
  selected: number
  /** The compiled HTML and text of the editor's current content, to warn before SES drops the message. */
  compiled: { html: string; textPart: string } | undefined
}

/**
 * 'Send test': the editor's current content (saved or not) through the organization's own SES, with a sample
 * set as the template data, from a verified identity of the selected AWS account the user picks (the last one
 * used with that account first). Costs no action.
 */
export function SendTestDialog(props: SendTestDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title="Send a test email" wide>
      <SendTestForm {...props} />
    </Dialog>
  )
}

function SendTestForm({ onClose, copy, organizationId, defaultTo, selected, compiled }: SendTestDialogProps) {
  const [to, setTo] = useState(defaultTo)
  const [setIndex, setSetIndex] = useState(Math.min(selected, Math.max(copy.sampleSets.length - 1, 0)))
  const [errors, setErrors] = useState<{ email?: string; subject?: string; sample?: string; from?: string }>(
    {},
  )
  const send = useSendTemplateTest()
  const { selected: awsAccount } = useSelectedAwsAccount()
  const awsAccountId = awsAccount?.awsAccountVerified ? awsAccount.id : undefined
  const identities = useQuery({
    ...emailIdentityQueries.list(awsAccountId ?? ''),
    enabled: awsAccountId !== undefined,
  })
  const senders = identities.data?.filter((identity) => identity.usableAsSender) ?? []
  const [picked, setPicked] = useState<SenderChoice>()
  const sender = picked ?? initialSenderChoice(senders, awsAccountId ? rememberedSender(awsAccountId) : null)
  const noSender = identities.isSuccess && senders.length === 0
  const set = copy.sampleSets[setIndex]
  const sample = set ? parseSampleJson(set.json) : ({ ok: true, data: {} } as const)
  const render =
    compiled && sample.ok
      ? renderTemplate({ subject: copy.subject, html: compiled.html, text: compiled.textPart }, sample.data)
      : undefined

  function submit(event: FormEvent) {
    event.preventDefault()
    const found: typeof errors = {}
    if (!sample.ok) found.sample = sample.message
    const parsed = TemplateTestBodySchema.safeParse({
      email: to.trim(),
      contentType: copy.editorType,
      content: copy.source,
      name: copy.name,
      subject: copy.subject,
      // A custom text part goes with the test; otherwise the server generates it from the HTML, as a save does.
      text: copy.textMode === 'custom' ? copy.customText : undefined,
      organizationId,
      // Without a verified connection the server answers why (no account, or not verified yet).
      ...(awsAccountId ? { awsAccountId, from: chosenAddress(senders, sender) } : {}),
      sampleData: sample.ok ? sample.data : {},
    })
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0]
        if (field === 'email') found.email ??= issue.message
        else if (field === 'from') found.from ??= 'Enter the part before the @, like hello.'
        else if (field === 'subject') found.subject ??= 'Write a subject before sending a test.'
        else found.sample ??= issue.message
      }
    }
    setErrors(found)
    if (!parsed.success || Object.keys(found).length > 0) return
    send.mutate(parsed.data, {
      onSuccess: (result) => {
        if (awsAccountId) rememberSender(awsAccountId, result.from)
        toast.success(`Test email sent to ${result.to} from ${result.from}. Message id ${result.messageId}`)
        onClose()
      },
    })
  }

  const error = send.error
  return (
    <form className={styles.dialogForm} onSubmit={submit} noValidate aria-label="Test email">
      <p className={dialogStyles.body}>
        Sends what is in the editor now, saved or not, through the Amazon SES of your selected AWS account.
        SES fills the variables from the sample data, as it will for real sends. Test sends cost no template
        action.
      </p>
      <TextField
        label="Send to"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        error={errors.email}
        hint="In the SES sandbox, the recipient must be a verified identity of the AWS account."
      />
      {awsAccountId && identities.isPending && (
        <p className={dialogStyles.body}>Loading the verified identities…</p>
      )}
      {senders.length > 0 && (
        <SenderField
          senders={senders}
          value={sender}
          onChange={setPicked}
          error={errors.from}
          name="test-from"
        />
      )}
      {noSender && (
        <Alert
          tone="warning"
          title="No verified identity to send from"
          actions={
            <ButtonLink to={paths.emailIdentities()} size="small" variant="secondary">
              Email identities
            </ButtonLink>
          }
        >
          <p>
            {awsAccount ? awsAccountName(awsAccount) : 'This AWS account'} has no verified email address or
            domain yet. Add one and verify it to send tests.
          </p>
        </Alert>
      )}
      <SelectField
        label="Sample data"
        value={String(setIndex)}
        onChange={(event) => setSetIndex(Number(event.target.value))}
        disabled={copy.sampleSets.length === 0}
        error={errors.sample}
      >
        {copy.sampleSets.length === 0 && <option value="0">No sample data (an empty object)</option>}
        {copy.sampleSets.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: set names may repeat while being edited
          <option key={index} value={index}>
            {item.name}
          </option>
        ))}
      </SelectField>
      {errors.subject && (
        <p className={styles.fieldError} role="alert">
          {errors.subject}
        </p>
      )}
      {render?.renderingFailure && (
        <Alert tone="warning" title="SES will drop this test">
          SES accepts the send, then drops the message: “{render.renderingFailure}” Add the missing sample
          values first to receive it.
        </Alert>
      )}
      {error && (
        <Alert
          tone="danger"
          role="alert"
          title="The test email was not sent"
          actions={
            isApiError(error, 'aws_account.not_selected') ? (
              <ButtonLink to={paths.newAwsAccount()} size="small">
                Add AWS Account
              </ButtonLink>
            ) : isApiError(error, 'aws_account.not_verified') ? (
              <ButtonLink to={paths.awsAccount()} size="small">
                Finish AWS configuration
              </ButtonLink>
            ) : isApiError(error, 'request.invalid') ||
              isApiError(error, 'aws.rejected') ||
              isApiError(error, 'email_identity.not_verified') ? (
              <ButtonLink to={paths.emailIdentities()} size="small" variant="secondary">
                Email identities
              </ButtonLink>
            ) : undefined
          }
        >
          <p>{errorMessage(error)}</p>
          {isApiError(error, 'aws.rejected') && (
            <p>
              While the account is in the SES sandbox, SES delivers only to verified addresses: verify the
              recipient under Email identities, or request production access.
            </p>
          )}
        </Alert>
      )}
      <div className={dialogStyles.footer}>
        <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={send.isPending} disabled={noSender}>
          Send test
        </Button>
      </div>
    </form>
  )
}
