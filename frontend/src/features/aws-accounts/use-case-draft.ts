import {
  type CONTACT_LANGUAGES,
  type LeaveSandboxBody,
  LeaveSandboxBodySchema,
  type MAIL_TYPES,
} from '@app/contracts'

export type MailType = (typeof MAIL_TYPES)[number]
export type ContactLanguage = (typeof CONTACT_LANGUAGES)[number]

export const MAIL_TYPE_TEXT: Record<MailType, { label: string; description: string }> = {
  MARKETING: {
    label: 'Marketing',
    description: 'Newsletters, announcements and offers sent to people who subscribed.',
  },
  TRANSACTIONAL: {
    label: 'Transactional',
    description: 'Mail a person’s own action triggers: sign-up confirmations, receipts, password resets.',
  },
}

export const CONTACT_LANGUAGE_TEXT: Record<ContactLanguage, string> = { EN: 'English', JA: 'Japanese' }

/** The parts of the draft only the user knows; the form asks to replace them before sending. */
const PLACEHOLDER = /\[[^\]\n]{2,80}\]/g

/** A website as the draft mentions it: the host of a valid URL, else what was typed, else a placeholder. */
function siteName(websiteUrl: string): string {
  const typed = websiteUrl.trim()
  if (!typed) return '[your website]'
  try {
    return new URL(typed).host || typed
  } catch {
    return typed
  }
}

/**
 * A first version of the use-case description AWS reviews, written from what the form knows. It answers what
 * AWS asks about (who receives mail and how they signed up, how often, bounces, complaints, unsubscribes) and
 * leaves [bracketed] gaps for the facts only the sender knows.
 */
export function useCaseDraft({
  organizationName,
  websiteUrl,
  mailType,
}: {
  organizationName: string
  websiteUrl: string
  mailType: MailType
}): string {
  const who = organizationName.trim() || '[your company]'
  const site = siteName(websiteUrl)
  const shared = [
    'Bounces and complaints: SES Studio records every bounce and complaint from Amazon SES; addresses that hard-bounce or complain are removed from our lists and kept on the account-level suppression list, and we watch our bounce and complaint rates to stay well below 5 % and 0.1 %.',
    'We send from our own verified domain with DKIM, SPF and DMARC set up.',
  ]
  if (mailType === 'MARKETING') {
    return [
      `${who} (${site}) uses Amazon SES, through SES Studio, to send marketing email: [newsletters, product announcements and offers].`,
      `Recipients are people who subscribed on ${site} [or when creating an account] and confirmed their address (double opt-in). We never buy, rent or share lists.`,
      'Every message has a one-click unsubscribe link (List-Unsubscribe with List-Unsubscribe-Post) and a link in the footer; unsubscribes take effect at once.',
      ...shared,
      'We expect to send about [number] emails a month, [weekly], to about [number] subscribers.',
    ].join('\n\n')
  }
  return [
    `${who} (${site}) uses Amazon SES, through SES Studio, to send transactional email: [account confirmations, password resets, receipts and notifications] that a user’s own action on ${site} triggers.`,
    'Recipients are our registered users, at the address they gave when signing up and confirmed; we send them no marketing from this account.',
    ...shared,
    'We expect to send about [number] emails a month, with peaks of about [number] a day.',
  ].join('\n\n')
}

/** The [bracketed] gaps still in the text, in order, each once. */
export function unfilledPlaceholders(text: string): string[] {
  return [...new Set(text.match(PLACEHOLDER) ?? [])]
}

/** Extra contact addresses as typed: separated by commas, spaces or new lines. */
export function parseContactEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean)
}

export interface LeaveSandboxValues {
  mailType: MailType
  websiteUrl: string
  useCaseDescription: string
  contactEmails: string
  contactLanguage: ContactLanguage
}

export type LeaveSandboxField = keyof LeaveSandboxValues
export type LeaveSandboxErrors = Partial<Record<LeaveSandboxField, string>>

/** The request body, checked with the contract's schema, or the message to show next to each field. */
export function leaveSandboxBodyFrom(
  values: LeaveSandboxValues,
): { ok: true; body: LeaveSandboxBody } | { ok: false; errors: LeaveSandboxErrors } {
  const errors: LeaveSandboxErrors = {}
  const emails = parseContactEmails(values.contactEmails)
  const parsed = LeaveSandboxBodySchema.safeParse({
    mailType: values.mailType,
    websiteUrl: values.websiteUrl.trim(),
    useCaseDescription: values.useCaseDescription,
    additionalContactEmailAddresses: emails,
    contactLanguage: values.contactLanguage,
  })
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head] = issue.path
      const field: LeaveSandboxField =
        head === 'additionalContactEmailAddresses'
          ? 'contactEmails'
          : head === 'websiteUrl' || head === 'useCaseDescription' || head === 'mailType'
            ? head
            : 'contactLanguage'
      errors[field] ??=
        field === 'contactEmails'
          ? emails.length > 4
            ? 'Add at most 4 addresses.'
            : 'Enter email addresses separated by commas.'
          : issue.message
    }
  }
  const gaps = unfilledPlaceholders(values.useCaseDescription)
  if (!errors.useCaseDescription && gaps.length > 0) {
    errors.useCaseDescription = `Replace the parts in brackets with your own details: ${gaps.join(', ')}.`
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, body: parsed.data }
}
