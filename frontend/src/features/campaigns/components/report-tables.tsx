import type { ReportBounce, ReportLink } from '@app/contracts'
import { countText } from '../campaign-display'
import { bounceText } from '../report-display'
import styles from './report.module.css'
import { ScrollRegion } from './scroll-region'

/** Each link of the message with the recipients who clicked it and all its clicks, most clicked first. */
export function LinksTable({ links }: { links: readonly ReportLink[] }) {
  return (
    <section className={styles.panel} aria-labelledby="links-title">
      <h2 id="links-title">Links</h2>
      {links.length === 0 ? (
        <p className={styles.muted}>No link has been clicked yet.</p>
      ) : (
        <ScrollRegion className={styles.tableWrap} label="Links table">
          <table className={styles.table}>
            <caption className="visually-hidden">Clicks per link, most clicked first</caption>
            <thead>
              <tr>
                <th scope="col">Link</th>
                <th scope="col" className={styles.number}>
                  People
                </th>
                <th scope="col" className={styles.number}>
                  Clicks
                </th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.url}>
                  <th scope="row" className={styles.url}>
                    {link.url}
                  </th>
                  <td className={styles.number}>{countText(link.uniqueClicks)}</td>
                  <td className={styles.number}>{countText(link.totalClicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  )
}

/** Bounces by SES's type and subtype: hard ones (Permanent) suppress the address, soft ones may pass later. */
export function BouncesTable({ bounces }: { bounces: readonly ReportBounce[] }) {
  return (
    <section className={styles.panel} aria-labelledby="bounces-title">
      <h2 id="bounces-title">Bounces</h2>
      {bounces.length === 0 ? (
        <p className={styles.muted}>No message bounced.</p>
      ) : (
        <>
          <ScrollRegion className={styles.tableWrap} label="Bounces table">
            <table className={styles.table}>
              <caption className="visually-hidden">Bounces by type, most frequent first</caption>
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">SES type</th>
                  <th scope="col" className={styles.number}>
                    Recipients
                  </th>
                </tr>
              </thead>
              <tbody>
                {bounces.map((bounce) => (
                  <tr key={`${bounce.type}/${bounce.subType}`}>
                    <th scope="row">{bounceText(bounce.type, bounce.subType)}</th>
                    <td className={styles.muted}>
                      {bounce.type} / {bounce.subType}
                    </td>
                    <td className={styles.number}>{countText(bounce.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <p className={styles.muted}>
            Hard bounces are permanent: those addresses are suppressed and not mailed again. Soft bounces (a
            full mailbox, a server that did not answer) may go through next time; three in a row suppress the
            address.
          </p>
        </>
      )}
    </section>
  )
}
