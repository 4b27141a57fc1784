import type { EmailIdentity, SesRegion } from '@app/contracts'
import { dkimRecords, domainAuthRecords } from '../identity-display'
import { DnsRecords } from './dns-records'
import styles from './email-identities.module.css'

/** Everything a domain needs in DNS: the three DKIM CNAMEs (which verify it), then SPF and DMARC. */
export function DomainSetup({ identity, region }: { identity: EmailIdentity; region: SesRegion }) {
  const dkim = dkimRecords(identity)
  const auth = domainAuthRecords({ domain: identity.id, mailFromDomain: identity.mailFromDomain, region })
  return (
    <div className={styles.domainSetup}>
      {dkim.length > 0 ? (
        <DnsRecords records={dkim} caption={`DKIM records for ${identity.id}`} />
      ) : (
        <p>SES has not given DKIM records for this domain yet. Refresh in a minute.</p>
      )}
      <p className={styles.hint}>
        Publish the three CNAME records at your DNS provider. SES checks for them by itself; the domain shows
        as verified within minutes to a few hours after they appear.
      </p>
      <DnsRecords records={auth} caption={`SPF and DMARC for ${identity.id}`} />
      <ul className={styles.guidance}>
        {identity.mailFromDomain ? (
          <li>
            <strong>SPF:</strong> the MX and TXT records on <code>{identity.mailFromDomain}</code> let SES use
            it as the MAIL FROM domain, so SPF aligns with your domain.
          </li>
        ) : (
          <li>
            <strong>SPF:</strong> without a custom MAIL FROM subdomain, SES sends from amazonses.com and SPF
            passes for that domain; DMARC then passes through DKIM. Set a MAIL FROM subdomain to align SPF
            too.
          </li>
        )}
        <li>
          <strong>DMARC:</strong> start with <code>p=none</code> and send the reports (<code>rua</code>) to a
          mailbox you read; move to <code>p=quarantine</code> once every sender of your domain passes. Gmail,
          Yahoo and Microsoft expect a DMARC record from bulk senders. If your domain already has one, keep
          it.
        </li>
      </ul>
    </div>
  )
}
