import type { Campaign, CampaignSchedule } from '@app/contracts'
import { useMemo, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-error'
import { browserTimeZone, isoToZoned, timeZoneOptions, zonedText, zonedToIso } from '../schedule-time'
import styles from './campaigns.module.css'

/** Step 4: now (sent from the review), or a date and time in a chosen time zone. */
export function ScheduleStep({
  campaign,
  pending,
  error,
  onSave,
  onBack,
}: {
  campaign: Campaign
  pending: boolean
  error: unknown
  onSave: (schedule: CampaignSchedule | null) => void
  onBack: () => void
}) {
  const own = browserTimeZone()
  const [mode, setMode] = useState<'now' | 'later'>(campaign.schedule ? 'later' : 'now')
  const [timeZone, setTimeZone] = useState(campaign.schedule?.timeZone ?? own)
  const initial = campaign.schedule ? isoToZoned(campaign.schedule.at, campaign.schedule.timeZone) : undefined
  const [date, setDate] = useState(initial?.date ?? '')
  const [time, setTime] = useState(initial?.time ?? '09:00')
  const [problem, setProblem] = useState<string>()
  const zones = useMemo(() => timeZoneOptions(own), [own])
  const at = mode === 'later' ? zonedToIso(date, time, timeZone) : undefined

  return (
    <form
      className={styles.panel}
      aria-labelledby="schedule-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (mode === 'now') return onSave(null)
        if (!at) return setProblem('Enter a date and a time.')
        if (Date.parse(at) <= Date.now()) return setProblem('Choose a time in the future.')
        setProblem(undefined)
        onSave({ at, timeZone })
      }}
    >
      <h2 id="schedule-title">Schedule</h2>
      <fieldset className={styles.rowMain}>
        <legend className="visually-hidden">When to send</legend>
        <label className={styles.choice}>
          <input type="radio" name="when" checked={mode === 'now'} onChange={() => setMode('now')} />
          Send now, after the review
        </label>
        <label className={styles.choice}>
          <input type="radio" name="when" checked={mode === 'later'} onChange={() => setMode('later')} />
          Schedule for a date and time
        </label>
      </fieldset>
      {mode === 'later' && (
        <div className={styles.fields}>
          <TextField
            label="Date"
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
          <TextField
            label="Time"
            type="time"
            value={time}
            onChange={(event) => setTime(event.target.value)}
          />
          <SelectField
            label="Time zone"
            value={timeZone}
            onChange={(event) => setTimeZone(event.target.value)}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      {mode === 'later' && at && (
        <p className={styles.muted} aria-live="polite">
          Sends on {zonedText(at, timeZone)}
          {timeZone !== own ? `, which is ${zonedText(at, own)} for you` : ''}.
        </p>
      )}
      {(problem || (error !== undefined && error !== null)) && (
        <Alert tone="danger" role="alert">
          {problem ?? errorMessage(error)}
        </Alert>
      )}
      <div className={styles.footer}>
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" loading={pending}>
          Save and review
        </Button>
      </div>
    </form>
  )
}
