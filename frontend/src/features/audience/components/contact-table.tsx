import type { Contact, Topic } from '@app/contracts'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { paths } from '../../../lib/paths'
import { dateTimeText } from '../../templates/template-display'
import { contactName, contactStateBadge, subscribedTopicNames } from '../audience-display'
import { togglePageSelection } from '../contact-view'
import styles from './contact-table.module.css'

/** One page of contacts: selection, email and name, subscribed topics, state, when added. */
export function ContactTable({
  contacts,
  topics,
  selected,
  onSelect,
  stale,
}: {
  contacts: readonly Contact[]
  topics: readonly Topic[]
  selected: ReadonlySet<string>
  onSelect: (ids: ReadonlySet<string>) => void
  stale: boolean
}) {
  const captionId = useId()
  const allSelected = contacts.length > 0 && contacts.every((contact) => selected.has(contact.id))
  const toggle = (id: string) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    onSelect(next)
  }

  return (
    <div
      className={stale ? `${styles.tableWrap} ${styles.stale}` : styles.tableWrap}
      aria-busy={stale || undefined}
    >
      <table className={styles.table} aria-describedby={captionId}>
        <caption id={captionId} className="visually-hidden">
          Contacts; select rows to delete them or change their topics together.
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.checkCell}>
              <label className={styles.selectAll}>
                <input
                  type="checkbox"
                  aria-label="Select all contacts shown"
                  checked={allSelected}
                  onChange={() =>
                    onSelect(
                      togglePageSelection(
                        selected,
                        contacts.map((contact) => contact.id),
                      ),
                    )
                  }
                />
                <span className={styles.selectAllText} aria-hidden="true">
                  Select all shown
                </span>
              </label>
            </th>
            <th scope="col">Contact</th>
            <th scope="col">Subscribed to</th>
            <th scope="col">State</th>
            <th scope="col">Added</th>
          </tr>
        </thead>
        <tbody>
          {contacts.map((contact) => {
            const name = contactName(contact)
            const state = contactStateBadge(contact)
            const subscribed = subscribedTopicNames(contact, topics)
            return (
              <tr key={contact.id} className={selected.has(contact.id) ? styles.selectedRow : undefined}>
                <td className={styles.checkCell}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${contact.email}`}
                    checked={selected.has(contact.id)}
                    onChange={() => toggle(contact.id)}
                  />
                </td>
                <th scope="row" className={styles.emailCell}>
                  <Link to={paths.contact(contact.id)} className={styles.email}>
                    {contact.email}
                  </Link>
                  {name && <span className={`${styles.muted} ${styles.subline}`}>{name}</span>}
                </th>
                <td>
                  {subscribed.length > 0 ? (
                    <span className={styles.badges}>
                      {subscribed.map((topicName) => (
                        <Badge key={topicName} color="blue">
                          {topicName}
                        </Badge>
                      ))}
                    </span>
                  ) : (
                    <span className={styles.muted}>No topic</span>
                  )}
                </td>
                <td>{state && <Badge color={state.color}>{state.label}</Badge>}</td>
                <td className={styles.muted}>
                  <span className="visually-hidden">Added </span>
                  {dateTimeText(contact.createdAt)}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
