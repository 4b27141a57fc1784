import type { EmailIdentity, SesRegion } from '@app/contracts'
import type { BadgeColor } from '../../components/ui/badge'

export interface StatusText {
  label: string
  badge: BadgeColor
}

const STATUS: Record<string, StatusText> = {
  SUCCESS: { label: 'Verified', badge: 'green' },
  PENDING: { label: 'Pending', badge: 'yellow' },
  FAILED: { label: 'Failed', badge: 'red' },
  TEMPORARY_FAILURE: { label: 'Temporary failure', badge: 'orange' },
  NOT_STARTED: { label: 'Not started', badge: 'neutral' },
}

/** SES's verification and DKIM states in words ('SUCCESS' → 'Verified'). */
export function identityStatusText(status: string | null): StatusText {
  if (!status) return { label: 'Not set up', badge: 'neutral' }
  return STATUS[status] ?? { label: status.charAt(0) + status.slice(1).toLowerCase(), badge: 'neutral' }
}

export function identityTypeLabel(type: EmailIdentity['type']): string {
  return type === 'DOMAIN' ? 'Domain' : 'Email address'
}

/** Verified senders first, then by name; domains and addresses mixed as SES lists them. */
export function sortIdentities(identities: readonly EmailIdentity[]): EmailIdentity[] {
  return [...identities].sort(
    (a, b) => Number(b.usableAsSender) - Number(a.usableAsSender) || a.id.localeCompare(b.id),
  )
}

export interface DnsRecord {
  /** The full name, as SES gives it. */
  name: string
  /** The name relative to the domain's zone ('abc._domainkey'), which most DNS providers ask for. */
  host: string
  type: 'CNAME' | 'TXT' | 'MX'
  value: string
}

/** The host part of `name` inside `zone`: 'abc._domainkey.example.com' in example.com → 'abc._domainkey'. */
export function relativeHost(name: string, zone: string): string {
  const full = name.replace(/\.$/, '').toLowerCase()
  const domain = zone.replace(/\.$/, '').toLowerCase()
  if (full === domain) return '@'
  return full.endsWith(`.${domain}`) ? full.slice(0, -(domain.length + 1)) : full
}

/** The three Easy DKIM CNAMEs of a domain identity, with the short host names DNS providers expect. */
export function dkimRecords(identity: Pick<EmailIdentity, 'id' | 'dkimRecords'>): DnsRecord[] {
  return identity.dkimRecords.map((record) => ({
    name: record.name,
    host: relativeHost(record.name, identity.id),
    type: record.type,
    value: record.value,
  }))
}

/** Records as zone-file lines, for the 'Copy all' button and for DNS providers that import a zone file. */
export function zoneFileLines(records: readonly DnsRecord[], ttl = 1800): string {
  return records
    .map((record) => {
      // Zone files need absolute names: a trailing dot on the name and on CNAME/MX targets.
      const value = record.type === 'TXT' ? `"${record.value}"` : `${record.value.replace(/\.$/, '')}.`
      return `${record.name.replace(/\.$/, '')}. ${ttl} IN ${record.type} ${value}`
    })
    .join('\n')
}

/**
 * SPF and DMARC for a domain identity. With a custom MAIL FROM subdomain SES needs its MX and SPF records there;
 * without one, mail leaves from amazonses.com and DMARC passes through DKIM alone.
 */
export function domainAuthRecords({
  domain,
  mailFromDomain,
  region,
}: {
  domain: string
  mailFromDomain: string | null
  region: SesRegion
}): DnsRecord[] {
  const records: DnsRecord[] = []
  if (mailFromDomain) {
    records.push(
      {
        name: mailFromDomain,
        host: relativeHost(mailFromDomain, domain),
        type: 'MX',
        value: `10 feedback-smtp.${region}.amazonses.com`,
      },
      {
        name: mailFromDomain,
        host: relativeHost(mailFromDomain, domain),
        type: 'TXT',
        value: 'v=spf1 include:amazonses.com ~all',
      },
    )
  }
  records.push({
    name: `_dmarc.${domain}`,
    host: '_dmarc',
    type: 'TXT',
    value: `v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain}`,
  })
  return records
}

/** The addresses a test email can come from: verified email identities as they are, verified domains with a local part. */
export function senderAddress(identity: Pick<EmailIdentity, 'id' | 'type'>, localPart: string): string {
  return identity.type === 'DOMAIN' ? `${localPart.trim()}@${identity.id}` : identity.id
}

/** A small, valid HTML test email. */
export function sampleTestEmailHtml(organizationName: string): string {
  return `<!doctype html>
<html>
  <body style="margin:0;padding:24px;background:#f6f7fb;font-family:Arial,sans-serif;color:#161a2d">
    <table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px">
      <tr>
        <td style="padding:32px">
          <h1 style="margin:0 0 12px;font-size:22px">Hello from ${escapeHtml(organizationName)}</h1>
          <p style="margin:0 0 12px;line-height:1.5">This is a test email sent through your own Amazon SES account with SES Studio.</p>
          <p style="margin:0;line-height:1.5">If you can read this, sending works.</p>
        </td>
      </tr>
    </table>
  </body>
</html>
`
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )
}
