import { type AwsAccount, CreateEmailIdentityBodySchema, type EmailIdentity } from '@app/contracts'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import choice from '../../../components/ui/choice-card.module.css'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-error'
import { useCreateEmailIdentity } from '../api/email-identities'
import { DomainSetup } from './domain-setup'
import styles from './email-identities.module.css'

type Kind = 'EMAIL_ADDRESS' | 'DOMAIN'

const KINDS: readonly { kind: Kind; title: string; description: string }[] = [
  {
    kind: 'EMAIL_ADDRESS',
    title: 'Email address',
    description: 'Quickest: SES mails a link to the address; click it and you can send from it.',
  },
  {
    kind: 'DOMAIN',
    title: 'Domain',
    description: 'Send from any address at the domain, signed with DKIM. You publish three DNS records.',
  },
]

/** Add an address (SES mails a verification link) or a domain (publish its DKIM records). */
export function AddIdentity({
  awsAccount,
  onClose,
}: {
  awsAccount: Pick<AwsAccount, 'id' | 'region'>
  onClose: () => void
}) {
  const [kind, setKind] = useState<Kind>('EMAIL_ADDRESS')
  const [email, setEmail] = useState('')
  const [domain, setDomain] = useState('')
  const [mailFrom, setMailFrom] = useState('')
  const [errors, setErrors] = useState<{ email?: string; domain?: string; mailFrom?: string }>({})
  const [created, setCreated] = useState<EmailIdentity>()
  const create = useCreateEmailIdentity(awsAccount.id)
  const groupName = useId()
  const formRef = useRef<HTMLFormElement>(null)

  // Opened from the toolbar: take the keyboard to the form.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input:checked')?.focus()
  }, [])

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const mailFromDomain = mailFrom.trim() ? mailFrom.trim().toLowerCase() : undefined
    const parsed = CreateEmailIdentityBodySchema.safeParse(
      kind === 'EMAIL_ADDRESS'
        ? { awsAccountId: awsAccount.id, type: kind, email: email.trim() }
        : { awsAccountId: awsAccount.id, type: kind, domain: domain.trim(), mailFromDomain },
    )
    const found: typeof errors = {}
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'email' ? 'email' : issue.path[0] === 'domain' ? 'domain' : 'mailFrom'
        found[field] ??= field === 'email' ? 'Enter an email address like ada@example.com.' : issue.message
      }
    }
    const cleanDomain = domain.trim().toLowerCase()
    if (
      kind === 'DOMAIN' &&
      mailFromDomain &&
      !found.mailFrom &&
      !mailFromDomain.endsWith(`.${cleanDomain}`)
    ) {
      found.mailFrom = `Use a subdomain of ${cleanDomain || 'the domain'}, like mail.${cleanDomain || 'example.com'}.`
    }
    setErrors(found)
    if (!parsed.success || Object.keys(found).length > 0) return
    const { awsAccountId: _, ...body } = parsed.data
    create.mutate(body, { onSuccess: setCreated })
  }

  if (created) {
    return (
      <div className={styles.stack}>
        {created.type === 'EMAIL_ADDRESS' ? (
          <Alert tone="success" role="status" title={`Check the inbox of ${created.id}`}>
            Amazon SES sent a verification email to {created.id}. Click the link in it (it is valid for 24
            hours), then refresh this list: the address can send once it shows as verified.
          </Alert>
        ) : (
          <>
            <Alert tone="success" role="status" title={`${created.id} was added`}>
              Publish the records below at your DNS provider; the domain can send once SES finds the DKIM
              records.
            </Alert>
            <DomainSetup identity={created} region={awsAccount.region} />
          </>
        )}
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => {
              setCreated(undefined)
              setEmail('')
              setDomain('')
              setMailFrom('')
            }}
          >
            Add another
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Done
          </Button>
        </div>
      </div>
    )
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label="Add identity">
      <fieldset className={styles.group}>
        <legend>What do you want to send from?</legend>
        <div className={choice.list}>
          {KINDS.map((option) => (
            <label
              key={option.kind}
              className={
                kind === option.kind
                  ? `${choice.card} ${styles.kind} ${choice.checked} ${styles.kindChecked}`
                  : `${choice.card} ${styles.kind}`
              }
            >
              <input
                type="radio"
                name={groupName}
                value={option.kind}
                checked={kind === option.kind}
                onChange={() => setKind(option.kind)}
              />
              <span className={styles.kindText}>
                <span className={styles.kindTitle}>{option.title}</span>
                <span className={styles.hint}>{option.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'EMAIL_ADDRESS' ? (
        <TextField
          label="Email address"
          name="identity-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
      ) : (
        <div className={styles.grid}>
          <TextField
            label="Domain"
            name="identity-domain"
            autoComplete="off"
            spellCheck={false}
            placeholder="example.com"
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
            error={errors.domain}
          />
          <TextField
            label="Custom MAIL FROM subdomain (optional)"
            name="mail-from-domain"
            autoComplete="off"
            spellCheck={false}
            placeholder={`mail.${domain.trim() || 'example.com'}`}
            value={mailFrom}
            onChange={(event) => setMailFrom(event.target.value)}
            error={errors.mailFrom}
            hint="Bounces return there, and SPF aligns with your domain. Needs an MX and a TXT record."
          />
        </div>
      )}
      {create.error && (
        <Alert tone="danger" role="alert" title="The identity was not added">
          {errorMessage(create.error)}
        </Alert>
      )}
      <div className={styles.actions}>
        <Button type="submit" loading={create.isPending}>
          {kind === 'EMAIL_ADDRESS' ? 'Send verification email' : 'Add domain'}
        </Button>
        <Button variant="ghost" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
