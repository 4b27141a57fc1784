import type { Campaign, MissingVariables, Preflight } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-error'
import { usePermission } from '../../account/use-permission'
import { dateTimeText } from '../../templates/template-display'
import { campaignQueries, useCampaignAction } from '../api/campaigns'
import { countText, durationText, plural, rateText } from '../campaign-display'
import { REFUSAL_FIX, withDefault } from '../campaign-flow'
import { zonedText } from '../schedule-time'
import styles from './campaigns.module.css'
import { EventsSetup } from './events-setup'
import { SendingNeedsRole } from './sending-needs-role'
import { TestSend } from './test-send'

/** Step 5: the pre-flight over every recipient, the choice for missing variables, a test, then send or schedule. */
export function ReviewStep({
  organizationId,
  campaign,
  pending,
  error,
  onMissingVariables,
  onBack,
}: {
  organizationId: string
  campaign: Campaign
  pending: boolean
  error: unknown
  onMissingVariables: (choice: MissingVariables) => void
  onBack: () => void
}) {
  const preflight = useQuery(campaignQueries.preflight(organizationId, campaign.id))
  const action = useCampaignAction(organizationId, campaign.id)
  const maySend = usePermission('campaigns.send', organizationId)
  const data = preflight.data
  const refused = !data || data.refusals.length > 0

  return (
    <section className={styles.panel} aria-labelledby="review-title">
      <div className={styles.footer}>
        <h2 id="review-title">Review</h2>
        <Button
          variant="ghost"
          size="small"
          loading={preflight.isFetching}
          onClick={() => void preflight.refetch()}
        >
          Check again
        </Button>
      </div>
      {preflight.isError ? (
        <LoadError
          title="Could not run the pre-flight"
          error={preflight.error}
          onRetry={() => void preflight.refetch()}
        />
      ) : !data ? (
        <LoadingLines lines={5} label="Checking every recipient" />
      ) : (
        <>
          <PreflightSummary campaign={campaign} preflight={data} />
          <MissingVariablesChoice
            campaign={campaign}
            preflight={data}
            pending={pending}
            error={error}
            onChange={onMissingVariables}
          />
        </>
      )}
      <TestSend organizationId={organizationId} campaignId={campaign.id} />
      {action.isError && (
        <Alert tone="danger" role="alert">
          {errorMessage(action.error)}
        </Alert>
      )}
      <div className={styles.footer}>
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        {!maySend ? (
          <SendingNeedsRole ask={campaign.schedule ? 'schedule it' : 'send it'} />
        ) : campaign.schedule ? (
          <ConfirmDialog
            triggerLabel="Schedule campaign"
            title="Schedule this campaign?"
            confirmLabel="Schedule"
            variant="primary"
            disabled={refused}
            pending={action.isPending}
            onConfirm={(close) => action.mutate('schedule', { onSuccess: close })}
          >
            <p>
              It starts by itself on {zonedText(campaign.schedule.at, campaign.schedule.timeZone)} for{' '}
              {plural(data?.recipients.count ?? 0, 'recipient')}. You can cancel it until then.
            </p>
          </ConfirmDialog>
        ) : (
          <ConfirmDialog
            triggerLabel="Send now"
            title="Send this campaign now?"
            confirmLabel="Send now"
            variant="primary"
            disabled={refused}
            pending={action.isPending}
            onConfirm={(close) => action.mutate('send', { onSuccess: close })}
          >
            <p>
              {plural(data?.recipients.count ?? 0, 'recipient')} will get “{campaign.name}”. You can pause or
              cancel while it sends.
            </p>
          </ConfirmDialog>
        )}
      </div>
    </section>
  )
}

function PreflightSummary({ campaign, preflight }: { campaign: Campaign; preflight: Preflight }) {
  const estimate = preflight.estimate
  return (
    <div className={styles.column}>
      <dl className={styles.counts} aria-label="Pre-flight">
        <div>
          <dt>Recipients</dt>
          <dd>{countText(preflight.recipients.count)}</dd>
        </div>
        {estimate && (
          <>
            <div>
              <dt>Estimated duration</dt>
              <dd>{durationText(estimate.seconds)}</dd>
            </div>
            <div>
              <dt>Today's quota allows</dt>
              <dd>{countText(Math.max(0, estimate.todayAllows))}</dd>
            </div>
          </>
        )}
      </dl>
      {estimate ? (
        <p className={styles.muted}>
          At {rateText(estimate.ratePerSecond)}: {Math.round(estimate.share * 100)}% of the account's limit of{' '}
          {rateText(estimate.maxSendRate)}
          {estimate.share < 1
            ? ', leaving the rest to your other mail'
            : ': nothing is kept for your other mail (the AWS account page sets the share)'}
          . The account may send {countText(estimate.max24HourSend)} a day and sent{' '}
          {countText(estimate.sentLast24Hours)} in the last 24 hours.
          {estimate.todayAllows < preflight.recipients.count &&
            ` ${countText(preflight.recipients.count - Math.max(0, estimate.todayAllows))} recipients wait for the quota's next window; the campaign continues by itself.`}
        </p>
      ) : (
        <p className={styles.muted}>SES could not be asked for the account's sending rate: no estimate.</p>
      )}
      {preflight.recipients.partial && (
        <p className={styles.muted}>
          Checked the data of {countText(preflight.recipients.checked)} recipients; the rest is checked as
          they are sent, with the same choice.
        </p>
      )}
      {preflight.events && <EventsSetup campaign={campaign} events={preflight.events} />}
      {preflight.sandbox && (
        <Alert tone="warning" title="This AWS account is in the SES sandbox">
          Only verified addresses will receive mail. Ask AWS for production access to send to everyone.
        </Alert>
      )}
      {preflight.refusals.length > 0 && (
        <Alert tone="danger" title="This campaign cannot be sent yet">
          <ul>
            {preflight.refusals.map((refusal) => {
              const fix = REFUSAL_FIX[refusal.code]
              return (
                <li key={refusal.code}>
                  {refusal.message} {fix.text} {fix.to && <Link to={fix.to(campaign)}>Fix it</Link>}
                </li>
              )
            })}
          </ul>
        </Alert>
      )}
      {preflight.warnings
        .filter((warning) => warning.code !== 'sandbox')
        .map((warning) => (
          <Alert key={warning.code} tone="info">
            {warning.message}
          </Alert>
        ))}
      <p className={styles.muted}>
        Suppression list{' '}
        {preflight.suppressionSyncedAt
          ? `last synced ${dateTimeText(preflight.suppressionSyncedAt)}`
          : 'never synced'}
        . Checked {dateTimeText(preflight.checkedAt)}.
      </p>
    </div>
  )
}

function MissingVariablesChoice({
  campaign,
  preflight,
  pending,
  error,
  onChange,
}: {
  campaign: Campaign
  preflight: Preflight
  pending: boolean
  error: unknown
  onChange: (choice: MissingVariables) => void
}) {
  const [draft, setDraft] = useState<MissingVariables>(campaign.missingVariables)
  if (preflight.missingVariables.length === 0) return <p>Every recipient has the data the template uses.</p>
  const changed = JSON.stringify(draft) !== JSON.stringify(campaign.missingVariables)
  return (
    <fieldset className={styles.column}>
      <legend>
        <strong>Recipients missing data the template uses</strong>
      </legend>
      <p className={styles.muted}>
        SES would accept these messages and silently drop them. Give a default value, or skip those
        recipients.
      </p>
      <ul className={styles.checks}>
        {preflight.missingVariables.map((variable) => (
          <li key={variable.name} className={styles.missing}>
            <span>
              <code>{`{{${variable.name}}}`}</code> missing for {plural(variable.count, 'recipient')}:{' '}
              <span className={styles.muted}>
                {variable.sample.join(', ')}
                {variable.count > variable.sample.length ? ', …' : ''}
              </span>
            </span>
            {draft.mode === 'default' && (
              <TextField
                label={`Default for ${variable.name}`}
                value={draft.values[variable.name] ?? ''}
                onChange={(event) => setDraft(withDefault(draft, variable.name, event.target.value))}
                hint="Left empty: those recipients are skipped."
              />
            )}
          </li>
        ))}
      </ul>
      <label className={styles.choice}>
        <input
          type="radio"
          name="missing"
          checked={draft.mode === 'skip'}
          onChange={() => setDraft({ mode: 'skip' })}
        />
        Skip them
      </label>
      <label className={styles.choice}>
        <input
          type="radio"
          name="missing"
          checked={draft.mode === 'default'}
          onChange={() => setDraft({ mode: 'default', values: {} })}
        />
        Use default values
      </label>
      <p className={styles.muted}>
        With the saved choice, {plural(preflight.skippedForMissing, 'recipient')}{' '}
        {preflight.skippedForMissing === 1 ? 'is' : 'are'} skipped.
      </p>
      {error !== undefined && error !== null && (
        <Alert tone="danger" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <div>
        <Button
          variant="secondary"
          size="small"
          disabled={!changed}
          loading={pending}
          onClick={() => onChange(draft)}
        >
          Save the choice
        </Button>
      </div>
    </fieldset>
  )
}
