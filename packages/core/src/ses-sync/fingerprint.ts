import { createHash } from 'node:crypto'

export interface SesParts {
  subject: string
  html: string
  text: string
}

/** sha256 of a template's three parts as SES stores them (a missing part counts as empty). */
export function fingerprint(parts: SesParts): string {
  return createHash('sha256')
    .update(JSON.stringify([parts.subject, parts.html, parts.text]))
    .digest('hex')
}

export function partsFromSes(
  content: { Subject?: string; Html?: string; Text?: string } | undefined,
): SesParts {
  return { subject: content?.Subject ?? '', html: content?.Html ?? '', text: content?.Text ?? '' }
}

/** What we send as `TemplateContent`: empty parts are left out (SES rejects none of them, but stores them absent). */
export function toSesContent(parts: SesParts) {
  return {
    Subject: parts.subject,
    Html: parts.html || undefined,
    Text: parts.text || undefined,
  }
}
