import { CONTACT_LANGUAGES, MAIL_TYPES } from '@app/contracts'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import choice from '../../../components/ui/choice-card.module.css'
import { SelectField } from '../../../components/ui/select-field'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import { useLeaveSandbox } from '../api/aws-accounts'
import {
  CONTACT_LANGUAGE_TEXT,
  type LeaveSandboxErrors,
  type LeaveSandboxValues,
  leaveSandboxBodyFrom,
  MAIL_TYPE_TEXT,
  type MailType,
  useCaseDraft,
} from '../use-case-draft'
import styles from './aws-accounts.module.css'

/**
 * A guided production-access request (SES PutAccountDetails). The use-case description starts as a draft written
 * from the organization, website and mail type, and follows them until the user edits it.
 */
export function LeaveSandboxForm({
  awsAccountId,
  organizationName,
  contactEmail,
  onDone,
  onCancel,
}: {
  awsAccountId: string
  organizationName: string
  contactEmail: string
  onDone: () => void
  onCancel: () => void
}) {
  const [values, setValues] = useState<Omit<LeaveSandboxValues, 'useCaseDescription'>>({
    mailType: 'TRANSACTIONAL',
    websiteUrl: '',
    contactEmails: contactEmail,
    contactLanguage: 'EN',
  })
  // Null while the description still follows the draft.
  const [editedDescription, setEditedDescription] = useState<string | null>(null)
  const [errors, setErrors] = useState<LeaveSandboxErrors>({})
  const formRef = useRef<HTMLFormElement>(null)
  const leave = useLeaveSandbox(awsAccountId)
  const draft = useCaseDraft({ organizationName, websiteUrl: values.websiteUrl, mailType: values.mailType })
  const useCaseDescription = editedDescription ?? draft

  // Opened by a button elsewhere on the page: take the keyboard to the first question.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input')?.focus()
  }, [])

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = leaveSandboxBodyFrom({ ...values, useCaseDescription })
    if (!result.ok) {
      setErrors(result.errors)
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      )
      return
    }
    setErrors({})
    leave.mutate(result.body, {
      onSuccess: () => {
        toast.success('Your request for production access was sent to AWS.')
        onDone()
      },
    })
  }

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label="Request production access"
    >
      <fieldset className={styles.group}>
        <legend>What will you send?</legend>
        <div className={choice.list}>
          {MAIL_TYPES.map((mailType: MailType) => (
            <label
              key={mailType}
              className={
                values.mailType === mailType
                  ? `${choice.card} ${styles.method} ${choice.checked} ${styles.methodChecked}`
                  : `${choice.card} ${styles.method}`
              }
            >
              <input
                type="radio"
                name="mail-type"
                value={mailType}
                checked={values.mailType === mailType}
                onChange={() => setValues({ ...values, mailType })}
              />
              <span className={styles.methodText}>
                <span className={styles.methodTitle}>{MAIL_TYPE_TEXT[mailType].label}</span>
                <span className={styles.methodDescription}>{MAIL_TYPE_TEXT[mailType].description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label="Website"
        name="website"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://example.com"
        value={values.websiteUrl}
        onChange={(event) => setValues({ ...values, websiteUrl: event.target.value })}
        error={errors.websiteUrl}
        hint="Where recipients sign up or use your service. AWS looks at it."
      />
      <TextAreaField
        label="How you will use Amazon SES"
        name="use-case"
        rows={12}
        value={useCaseDescription}
        onChange={(event) => setEditedDescription(event.target.value)}
        error={errors.useCaseDescription}
        labelAside={
          editedDescription !== null && (
            <Button variant="ghost" size="small" onClick={() => setEditedDescription(null)}>
              Start over from the draft
            </Button>
          )
        }
        hint="A draft to make your own: replace the [bracketed] parts and say how you collect addresses. AWS answers faster when it is specific."
      />
      <div className={styles.grid}>
        <TextField
          label="Contact emails for AWS (optional)"
          name="contact-emails"
          type="text"
          inputMode="email"
          autoComplete="off"
          value={values.contactEmails}
          onChange={(event) => setValues({ ...values, contactEmails: event.target.value })}
          error={errors.contactEmails}
          hint="Up to 4, separated by commas. AWS writes to them about this request."
        />
        <SelectField
          label="Language AWS answers in"
          name="contact-language"
          value={values.contactLanguage}
          onChange={(event) =>
            setValues({
              ...values,
              contactLanguage: CONTACT_LANGUAGES.find((language) => language === event.target.value) ?? 'EN',
            })
          }
        >
          {CONTACT_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {CONTACT_LANGUAGE_TEXT[language]}
            </option>
          ))}
        </SelectField>
      </div>
      {leave.error && (
        <Alert tone="danger" role="alert" title="The request was not sent">
          {errorMessage(leave.error)}
        </Alert>
      )}
      <div className={styles.actions}>
        <Button type="submit" loading={leave.isPending}>
          Send request to AWS
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={leave.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
