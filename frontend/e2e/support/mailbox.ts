/** Reads the local SES stand-in's store (`mailboxApiUrl`, aws-ses-v2-local's `/store`) for links we mailed. */
interface StoredMail {
  destination: { to: string[] }
  subject: string
  body: { html?: string; text?: string }
  at: number
}

export async function waitForMailLink(
  mailboxApiUrl: string,
  {
    to,
    link,
    sinceSeconds,
    timeoutMs = 20_000,
  }: { to: string; link: RegExp; sinceSeconds: number; timeoutMs?: number },
): Promise<string> {
  const deadline = Date.now() + timeoutMs
  const url = new URL(mailboxApiUrl)
  url.searchParams.set('since', String(sinceSeconds))
  while (Date.now() < deadline) {
    const response = await fetch(url)
    if (response.ok) {
      const { emails } = (await response.json()) as { emails: StoredMail[] }
      // The newest matching mail wins: after a resend, only the latest link counts.
      for (const mail of [...emails].reverse()) {
        if (!mail.destination.to.some((address) => address.toLowerCase().includes(to.toLowerCase()))) continue
        const found = `${mail.body.html ?? ''}\n${mail.body.text ?? ''}`.replaceAll('&amp;', '&').match(link)
        if (found) return found[0]
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`No mail to ${to} with a link matching ${link} within ${timeoutMs} ms (${mailboxApiUrl})`)
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000) - 1
}

export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`
}
