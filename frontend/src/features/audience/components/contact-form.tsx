import type { Topic } from '@app/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import dialogStyles from '../../../components/ui/dialog.module.css'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { type ContactDraft, contactDraftProblems, type PreferenceChoice } from '../contact-draft'
import styles from './audience.module.css'

const PROBLEM_MESSAGES: Record<string, string> = {
  'contact.email_exists': 'A contact with this email exists already.',
  'contact.suppressed':
    'This address is suppressed (it bounced, complained or unsubscribed), or the person left one of these topics: only the person can subscribe again, from the preferences page.',
  'version.conflict': 'Someone changed this contact meanwhile. Close, reopen it and make your change again.',
}

/** The contact's fields (email when adding, names, attributes, a choice per topic, unsubscribed from all). */
export function ContactForm({
  initial,
  topics,
  withEmail,
  pending,
  error,
  submitLabel,
  onCancel,
  onSubmit,
}: {
  initial: ContactDraft
  topics: readonly Topic[]
  withEmail: boolean
  pending: boolean
  error: unknown
  submitLabel: string
  onCancel: () => void
  onSubmit: (draft: ContactDraft) => void
}) {
  const [draft, setDraft] = useState(initial)
  const [problems, setProblems] = useState<ReturnType<typeof contactDraftProblems>>({})
  const set = (change: Partial<ContactDraft>) => setDraft((current) => ({ ...current, ...change }))
  const known = error !== null && Object.keys(PROBLEM_MESSAGES).some((code) => isApiError(error, code))
  const active = topics.filter((topic) => topic.status === 'active')

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = contactDraftProblems(draft, { withEmail })
    setProblems(found)
    if (Object.keys(found).length > 0) return
    onSubmit(draft)
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {withEmail && (
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          value={draft.email}
          onChange={(event) => {
            set({ email: event.target.value })
            setProblems(({ email: _fixed, ...others }) => others)
          }}
          error={
            problems.email ??
            (isApiError(error, 'contact.email_exists') ? PROBLEM_MESSAGES['contact.email_exists'] : undefined)
          }
        />
      )}
      <div className={styles.twoColumns}>
        <TextField
          label="First name"
          value={draft.firstName}
          maxLength={100}
          onChange={(event) => set({ firstName: event.target.value })}
          error={problems.firstName}
        />
        <TextField
          label="Last name"
          value={draft.lastName}
          maxLength={100}
          onChange={(event) => set({ lastName: event.target.value })}
          error={problems.lastName}
        />
      </div>
      <fieldset className={styles.fieldset}>
        <legend>Attributes (template variables such as {'{{company}}'})</legend>
        {draft.attributes.map((row, index) => (
          <div className={styles.attributeRow} key={row.key}>
            <TextField
              label={`Attribute ${index + 1} name`}
              value={row.name}
              spellCheck={false}
              autoComplete="off"
              maxLength={64}
              error={problems.attributes?.[index]}
              onChange={(event) =>
                set({
                  attributes: draft.attributes.map((item) =>
                    item === row ? { ...item, name: event.target.value } : item,
                  ),
                })
              }
            />
            <TextField
              label={`Attribute ${index + 1} value`}
              value={row.value}
              maxLength={1000}
              onChange={(event) =>
                set({
                  attributes: draft.attributes.map((item) =>
                    item === row ? { ...item, value: event.target.value } : item,
                  ),
                })
              }
            />
            <Button
              variant="ghost"
              size="small"
              onClick={() => set({ attributes: draft.attributes.filter((item) => item !== row) })}
            >
              Remove<span className="visually-hidden"> attribute {index + 1}</span>
            </Button>
          </div>
        ))}
        <div>
          <Button
            variant="secondary"
            size="small"
            onClick={() =>
              set({ attributes: [...draft.attributes, { key: crypto.randomUUID(), name: '', value: '' }] })
            }
          >
            Add attribute
          </Button>
        </div>
      </fieldset>
      {active.length > 0 && (
        <fieldset className={styles.fieldset}>
          <legend>Topics</legend>
          {active.map((topic) => (
            <SelectField
              key={topic.id}
              label={topic.name}
              value={draft.preferences[topic.id] ?? 'DEFAULT'}
              onChange={(event) =>
                set({
                  preferences: { ...draft.preferences, [topic.id]: event.target.value as PreferenceChoice },
                })
              }
            >
              <option value="DEFAULT">
                Topic default (
                {topic.defaultSubscriptionStatus === 'OPT_IN' ? 'subscribed' : 'not subscribed'})
              </option>
              <option value="OPT_IN">Subscribed</option>
              <option value="OPT_OUT">Unsubscribed</option>
              {draft.preferences[topic.id] === 'PENDING' && (
                <option value="PENDING">Waiting for confirmation</option>
              )}
            </SelectField>
          ))}
        </fieldset>
      )}
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={draft.unsubscribeAll}
          onChange={(event) => set({ unsubscribeAll: event.target.checked })}
        />
        Unsubscribed from everything
      </label>
      {error !== null && !isApiError(error, 'contact.email_exists') && (
        <Alert tone="danger" role="alert" title="The contact was not saved">
          {known
            ? (Object.entries(PROBLEM_MESSAGES).find(([code]) => isApiError(error, code))?.[1] ??
              errorMessage(error))
            : errorMessage(error)}
        </Alert>
      )}
      <div className={dialogStyles.footer}>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
