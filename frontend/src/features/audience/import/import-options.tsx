import type { ImportExisting, Topic } from '@app/contracts'
import styles from '../components/audience.module.css'

const EXISTING: { value: ImportExisting; label: string }[] = [
  { value: 'skip', label: 'Leave them as they are' },
  { value: 'update', label: 'Update their attributes with the file’s (keep the others) and add the topics' },
  { value: 'overwrite', label: 'Replace their attributes with the file’s and add the topics' },
]

/** Topics to subscribe every row to, and what happens to contacts that exist already. */
export function ImportOptions({
  topics,
  topicIds,
  onTopicIds,
  existing,
  onExisting,
}: {
  topics: readonly Topic[]
  topicIds: readonly string[]
  onTopicIds: (ids: string[]) => void
  existing: ImportExisting
  onExisting: (existing: ImportExisting) => void
}) {
  const active = topics.filter((topic) => topic.status === 'active')
  return (
    <div className={styles.form}>
      <fieldset className={styles.fieldset}>
        <legend>Subscribe every imported contact to</legend>
        {active.length === 0 && (
          <p className={styles.muted}>No topics yet: contacts are imported without one.</p>
        )}
        {active.map((topic) => (
          <label key={topic.id} className={styles.check}>
            <input
              type="checkbox"
              checked={topicIds.includes(topic.id)}
              onChange={(event) =>
                onTopicIds(
                  event.target.checked ? [...topicIds, topic.id] : topicIds.filter((id) => id !== topic.id),
                )
              }
            />
            {topic.name}
          </label>
        ))}
        <p className={styles.muted}>
          Only import people who agreed to hear from you. Suppressed addresses and people who left a topic are
          never subscribed again.
        </p>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>Contacts that exist already</legend>
        {EXISTING.map((choice) => (
          <label key={choice.value} className={styles.check}>
            <input
              type="radio"
              name="existing"
              checked={existing === choice.value}
              onChange={() => onExisting(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
    </div>
  )
}
