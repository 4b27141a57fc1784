import type { UnsubscribePage } from '@app/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api-error'
import { type SignedLink, unsubscribe, unsubscribeQueries, updatePreferences } from '../api/unsubscribe'
import styles from './preferences.module.css'

type Status = 'OPT_IN' | 'OPT_OUT'
type Done = 'unsubscribed-link' | 'unsubscribed-all' | 'resubscribed' | 'saved'

const DONE_MESSAGES: Record<Done, string> = {
  'unsubscribed-link': 'You are unsubscribed.',
  'unsubscribed-all': 'You are unsubscribed from all emails.',
  resubscribed: 'You are subscribed again.',
  saved: 'Your preferences are saved.',
}

/** The checkbox state: only OPT_IN is ticked (a PENDING signup is not a subscription yet). */
const shownStatus = (status: UnsubscribePage['topics'][number]['status']): Status =>
  status === 'OPT_IN' ? 'OPT_IN' : 'OPT_OUT'

function statusesOf(page: UnsubscribePage): Record<string, Status> {
  return Object.fromEntries(page.topics.map((topic) => [topic.id, shownStatus(topic.status)]))
}

/** The signed link's page: unsubscribe from the link's topics or everything, manage each topic, resubscribe. */
export function Preferences({ link, page }: { link: SignedLink; page: UnsubscribePage }) {
  const queryClient = useQueryClient()
  const [choices, setChoices] = useState(() => statusesOf(page))
  const [done, setDone] = useState<Done>()
  useEffect(() => setChoices(statusesOf(page)), [page])

  const change = useMutation({
    mutationFn: async (action: { kind: Done; run: () => Promise<UnsubscribePage> }) => {
      const next = await action.run()
      return { kind: action.kind, next }
    },
    onSuccess: ({ kind, next }) => {
      queryClient.setQueryData(unsubscribeQueries.page(link).queryKey, next)
      setDone(kind)
    },
  })

  const linkTopics = page.topics.filter((topic) => topic.inLink)
  const linkNames = linkTopics.map((topic) => topic.name).join(', ')
  const linkSubscribed = linkTopics.some((topic) => topic.status === 'OPT_IN')
  const changes = page.topics
    .filter((topic) => choices[topic.id] !== undefined && choices[topic.id] !== shownStatus(topic.status))
    .map((topic) => ({ id: topic.id, status: choices[topic.id] as Status }))
  const changed = changes.length > 0
  const busy = change.isPending

  const unsubscribeLink = () =>
    change.mutate({ kind: 'unsubscribed-link', run: () => unsubscribe(link, false) })
  const unsubscribeAll = () => change.mutate({ kind: 'unsubscribed-all', run: () => unsubscribe(link, true) })
  const resubscribe = () =>
    change.mutate({
      kind: 'resubscribed',
      run: () =>
        updatePreferences(link, {
          topics: linkTopics.map((topic) => ({ id: topic.id, status: 'OPT_IN' as const })),
          unsubscribeAll: false,
        }),
    })
  const save = () =>
    change.mutate({
      kind: 'saved',
      run: () => updatePreferences(link, { topics: changes }),
    })

  return (
    <section className={styles.card} aria-labelledby="preferences-title">
      <header className={styles.header}>
        <h1 id="preferences-title">Email preferences</h1>
        <p className={styles.muted}>
          Emails{' '}
          {page.senderName && (
            <>
              from <strong>{page.senderName}</strong>{' '}
            </>
          )}
          to <strong>{page.maskedEmail}</strong>
        </p>
      </header>

      {done && !change.isError && (
        <Alert
          tone="success"
          role="status"
          title={DONE_MESSAGES[done]}
          actions={
            (done === 'unsubscribed-link' || done === 'unsubscribed-all') && (
              <Button variant="secondary" size="small" onClick={resubscribe} loading={busy}>
                Resubscribe
              </Button>
            )
          }
        >
          {done === 'unsubscribed-all'
            ? `${page.senderName || 'The sender'} will not send you campaigns any more.`
            : done === 'unsubscribed-link' && linkNames
              ? `You will not get ${linkNames} emails any more.`
              : undefined}
        </Alert>
      )}
      {change.isError && (
        <Alert tone="danger" role="alert" title="Your choice was not saved">
          {errorMessage(change.error)}
        </Alert>
      )}

      {page.unsubscribeAll
        ? !done && (
            <Alert
              tone="info"
              title="You are unsubscribed from all emails"
              actions={
                <Button variant="secondary" size="small" onClick={resubscribe} loading={busy}>
                  Resubscribe
                </Button>
              }
            />
          )
        : linkTopics.length > 0 &&
          linkSubscribed && (
            <Button onClick={unsubscribeLink} loading={busy} block>
              Unsubscribe from {linkNames}
            </Button>
          )}

      {page.topics.length > 0 && (
        <fieldset className={styles.topics} disabled={busy || page.unsubscribeAll}>
          <legend className={styles.legend}>Choose what you get</legend>
          {page.topics.map((topic) => (
            <label key={topic.id} className={styles.topic}>
              <input
                type="checkbox"
                checked={!page.unsubscribeAll && choices[topic.id] === 'OPT_IN'}
                onChange={(event) =>
                  setChoices((current) => ({
                    ...current,
                    [topic.id]: event.target.checked ? 'OPT_IN' : 'OPT_OUT',
                  }))
                }
              />
              <span className={styles.topicName}>{topic.name}</span>
              {topic.description && <span className={styles.topicDescription}>{topic.description}</span>}
              {topic.status === 'PENDING' && (
                <span className={styles.topicDescription}>Waiting for you to confirm by email</span>
              )}
            </label>
          ))}
        </fieldset>
      )}

      {!page.unsubscribeAll && (
        <div className={styles.actions}>
          {page.topics.length > 0 && (
            <Button
              variant="secondary"
              onClick={save}
              disabled={!changed}
              loading={busy && change.variables?.kind === 'saved'}
            >
              Save preferences
            </Button>
          )}
          <Button
            variant="ghost"
            onClick={unsubscribeAll}
            loading={busy && change.variables?.kind === 'unsubscribed-all'}
          >
            Unsubscribe from all
          </Button>
        </div>
      )}
    </section>
  )
}
