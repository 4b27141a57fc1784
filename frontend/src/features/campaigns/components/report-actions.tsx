import {
  type Campaign,
  type CampaignAudienceAction,
  type CampaignAudienceActionResult,
  type CampaignAudienceActionRun,
  DEFAULT_MACHINE_OPEN_MODE,
  defaultTopicName,
  principalName,
} from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import dialogStyles from '../../../components/ui/dialog.module.css'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { usePermission } from '../../account/use-permission'
import { isFinished, jobQueries } from '../../jobs/api/jobs'
import { JobProgress } from '../../jobs/components/job-progress'
import { audienceActionQueries, useAfterAudienceAction, useAudienceAction } from '../api/audience-actions'
import { reportQueries } from '../api/reports'
import {
  AUDIENCE_ACTIONS,
  actionBlocked,
  actionCount,
  actionOffer,
  contactsText,
  offerText,
  tallyLines,
  tallyOf,
} from '../audience-actions-display'
import { isLive } from '../campaign-display'
import styles from './report.module.css'

type Plan = (typeof AUDIENCE_ACTIONS)[number]

/**
 * The report's five audience actions: each button says how many contacts it touches (unique recipients with the
 * outcome; opens by readers, as the report counts by default) and is disabled with the reason when there are none
 * or the member's role cannot change the audience. A confirmation first, then the job's live progress and result.
 */
export function ReportActions({ organizationId, campaign }: { organizationId: string; campaign: Campaign }) {
  const report = useQuery(
    reportQueries.report(organizationId, campaign.id, DEFAULT_MACHINE_OPEN_MODE, isLive(campaign.status)),
  )
  // Every action is an `audience.write` route.
  const mayChangeAudience = usePermission('audience.write', organizationId)
  const [open, setOpen] = useState<Plan | null>(null)
  const listed = useQuery(audienceActionQueries.runs(organizationId, campaign.id))
  const runs = listed.data?.items ?? []
  const titleId = useId()
  const counts = report.data?.counts

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.panelHeader}>
        <h2 id={titleId}>Audience actions</h2>
        <p className={styles.muted}>
          Act on this campaign’s recipients by what they did. Each runs in the background.
        </p>
      </div>
      {!counts ? (
        <p className={styles.muted}>
          {report.isError ? 'Could not read the counts.' : 'Reading the counts…'}
        </p>
      ) : (
        <ul className={styles.actions}>
          {AUDIENCE_ACTIONS.map((plan) => {
            const offer = actionOffer(plan.action, actionCount(plan.action, counts), runs)
            const blocked = actionBlocked(offer, mayChangeAudience)
            const reasonId = `${titleId}-${plan.action}`
            return (
              <li key={plan.action} className={styles.action}>
                <Button
                  variant={plan.danger ? 'danger' : 'secondary'}
                  size="small"
                  disabled={blocked !== null}
                  aria-describedby={reasonId}
                  onClick={() => setOpen(plan)}
                >
                  {plan.label}
                </Button>
                <span id={reasonId} className={styles.muted}>
                  {offerText(offer)}
                  {blocked ? ` · ${blocked}` : ''}
                </span>
              </li>
            )
          })}
        </ul>
      )}
      {listed.isError && (
        <Alert tone="warning" role="alert">
          Could not read the actions started before: {errorMessage(listed.error)}
        </Alert>
      )}
      {runs.length > 0 && (
        <ul className={styles.actionRuns} aria-label="Actions started">
          {runs.map((run) => (
            <li key={run.job.id}>
              <ActionRun organizationId={organizationId} run={run} />
            </li>
          ))}
        </ul>
      )}
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open?.label ?? ''}>
        {open && counts && (
          <ConfirmAction
            organizationId={organizationId}
            campaign={campaign}
            plan={open}
            count={actionOffer(open.action, actionCount(open.action, counts), runs).count}
            onCancel={() => setOpen(null)}
            onStarted={() => setOpen(null)}
          />
        )}
      </Dialog>
    </section>
  )
}

function ConfirmAction({
  organizationId,
  campaign,
  plan,
  count,
  onCancel,
  onStarted,
}: {
  organizationId: string
  campaign: Campaign
  plan: Plan
  count: number
  onCancel: () => void
  onStarted: (result: CampaignAudienceActionResult) => void
}) {
  const [name, setName] = useState(() =>
    defaultTopicName(plan.action as CampaignAudienceAction, campaign.name),
  )
  const start = useAudienceAction(organizationId, campaign.id)
  const nameError =
    start.error &&
    (isApiError(start.error, 'topic.name_exists') || isApiError(start.error, 'request.invalid'))
      ? errorMessage(start.error)
      : undefined

  function submit(event: FormEvent) {
    event.preventDefault()
    if (start.isPending) return
    start.mutate(
      { action: plan.action, ...(plan.topic ? { name: name.trim() } : {}) },
      { onSuccess: (result) => onStarted(result) },
    )
  }

  return (
    <form className={styles.confirm} onSubmit={submit}>
      <div className={dialogStyles.body}>
        <p>
          This touches <strong>{contactsText(count)}</strong> who {plan.who}.
        </p>
        <p>{plan.effect}</p>
      </div>
      {plan.topic && (
        <TextField
          label="New topic’s name"
          value={name}
          maxLength={100}
          required
          onChange={(event) => setName(event.target.value)}
          error={nameError}
        />
      )}
      {start.error && !nameError && (
        <Alert tone="danger" role="alert">
          {errorMessage(start.error)}
        </Alert>
      )}
      <div className={dialogStyles.footer}>
        <Button variant="secondary" onClick={onCancel} disabled={start.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant={plan.danger ? 'danger' : 'primary'} loading={start.isPending}>
          {plan.topic
            ? 'Create the topic'
            : plan.action === 'delete-bounced'
              ? 'Delete them'
              : 'Unsubscribe them'}
        </Button>
      </div>
    </form>
  )
}

/**
 * A started action (listed by the server, so it survives a reload): what it was and when, the job's live progress,
 * then what it did, and a link to the topic it filled.
 */
function ActionRun({ organizationId, run }: { organizationId: string; run: CampaignAudienceActionRun }) {
  const plan = AUDIENCE_ACTIONS.find((candidate) => candidate.action === run.action)
  const job = useQuery(jobQueries.detail(organizationId, run.job.id, run.job)).data ?? run.job
  const refresh = useAfterAudienceAction()
  const finished = isFinished(job.status)
  const lines = tallyLines(tallyOf(job.items))
  const topic = run.topic
  return (
    <div className={styles.actionRun} data-action={run.action}>
      <p className={styles.actionRunTitle}>
        <strong>{plan?.label ?? run.action}</strong>
        <span className={styles.muted}>
          {' '}
          · {formatStarted(run.job.createdAt)}
          {` by ${principalName(run.job.createdBy)}`}
        </span>
      </p>
      <JobProgress
        organizationId={organizationId}
        job={run.job}
        showItems={false}
        // Refresh what it changed once, when it finishes here (not for runs listed already finished).
        onFinished={isFinished(run.job.status) ? undefined : refresh}
      />
      <div aria-live="polite">
        {lines.length > 0 ? (
          <ul className={styles.tally} aria-label={finished ? 'Result' : 'So far'}>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          finished && <p className={styles.muted}>No contact had this outcome any more: nothing changed.</p>
        )}
        {topic && run.action === 'topic-unsubscribed' && (
          <p className={styles.muted}>
            The members of “{topic.name}” are kept opted out: nobody was subscribed.
          </p>
        )}
        {topic && <Link to={paths.contacts({ topicId: topic.id })}>Open the topic “{topic.name}”</Link>}
      </div>
    </div>
  )
}

const formatStarted = (at: string) =>
  new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
