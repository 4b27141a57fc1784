import type { Contact, Topic } from '@app/contracts'
import { Link } from 'react-router-dom'
import { Badge } from '../../../components/ui/badge'
import { SelectableTable } from '../../../components/ui/selectable-table'
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
  return (
    <SelectableTable
      rows={contacts}
      selected={selected}
      onSelect={onSelect}
      toggleAll={() =>
        togglePageSelection(
          selected,
          contacts.map((contact) => contact.id),
        )
      }
      stale={stale}
      caption="Contacts; select rows to delete them or change their topics together."
      classes={styles}
      selectAllLabel="Select all contacts shown"
      selectAllText={{
        text: 'Select all shown',
        className: styles.selectAll,
        textClassName: styles.selectAllText,
      }}
      rowLabel={(contact) => contact.email}
      columns={
        <>
          <th scope="col">Contact</th>
          <th scope="col">Subscribed to</th>
          <th scope="col">State</th>
          <th scope="col">Added</th>
        </>
      }
      cells={(contact) => <ContactCells contact={contact} topics={topics} />}
    />
  )
}

function ContactCells({ contact, topics }: { contact: Contact; topics: readonly Topic[] }) {
  const name = contactName(contact)
  const state = contactStateBadge(contact)
  const subscribed = subscribedTopicNames(contact, topics)
  return (
    <>
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
    </>
  )
}
