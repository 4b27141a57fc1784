import type { LocalStackConfig } from '../config'

export interface MailMessage {
  messageId: string
  from: string
  to: string[]
  subject: string
  html?: string
  text?: string
  /** Epoch seconds. */
  at: number
}

interface StoredMail {
  messageId: string
  from: string
  destination: { to: string[]; cc: string[]; bcc: string[] }
  subject: string
  body: { html?: string; text?: string }
  at: number
}

/** Every mail the SES gateway delivered (optionally since an epoch-seconds time), oldest first. */
export async function listMail(config: LocalStackConfig, since?: number): Promise<MailMessage[]> {
  const url = new URL(config.mailboxApiUrl)
  if (since !== undefined) url.searchParams.set('since', String(Math.floor(since)))
  const response = await fetch(url)
  const { emails } = (await response.json()) as { emails: StoredMail[] }
  return emails.map((mail) => ({
    messageId: mail.messageId,
    from: mail.from,
    to: [...mail.destination.to, ...mail.destination.cc, ...mail.destination.bcc],
    subject: mail.subject,
    html: mail.body.html,
    text: mail.body.text,
    at: mail.at,
  }))
}

/** Polls the local mailbox until a mail to `to` (and with `subjectIncludes`) arrives. */
export async function waitForMail(
  config: LocalStackConfig,
  {
    to,
    subjectIncludes,
    since,
    timeoutMs = 10_000,
  }: { to: string; subjectIncludes?: string; since?: number; timeoutMs?: number },
): Promise<MailMessage> {
  const deadline = Date.now() + timeoutMs
  const wanted = to.toLowerCase()
  while (Date.now() < deadline) {
    const found = (await listMail(config, since))
      .reverse()
      .find(
        (mail) =>
          mail.to.some((address) => address.toLowerCase().includes(wanted)) &&
          (subjectIncludes === undefined || mail.subject.includes(subjectIncludes)),
      )
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(
    `No mail to ${to}${subjectIncludes ? ` about "${subjectIncludes}"` : ''} within ${timeoutMs} ms`,
  )
}
