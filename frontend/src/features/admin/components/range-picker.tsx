import { useState } from 'react'
import { TextField } from '../../../components/ui/text-field'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import { formatDate } from '../../billing/billing-display'
import {
  type DateRange,
  matchingPreset,
  presetRange,
  RANGE_PRESET_LABELS,
  RANGE_PRESETS,
  rangeProblem,
} from '../date-range'
import styles from './admin.module.css'

/** Both days included, UTC, at most a year; presets for this month, last month and this year. */
export function RangePicker({ range, onChange }: { range: DateRange; onChange: (range: DateRange) => void }) {
  const [draft, setDraft] = useState(range)
  const [shown, setShown] = useState(range)
  // The address changed underneath (a preset, the back button): start the inputs over from it.
  if (shown.from !== range.from || shown.to !== range.to) {
    setShown(range)
    setDraft(range)
  }
  const today = new Date()
  const pressed = matchingPreset(range, today)
  const problem = rangeProblem(draft)

  function edit(next: DateRange) {
    setDraft(next)
    if (rangeProblem(next) === undefined) onChange(next)
  }

  return (
    <div className={styles.range}>
      <ToggleButtons
        label="Presets"
        options={RANGE_PRESETS.map((preset) => ({ value: preset, label: RANGE_PRESET_LABELS[preset] }))}
        value={pressed}
        onChange={(preset) => edit(presetRange(preset, today))}
      />
      <div className={styles.dates}>
        <TextField
          label="First day"
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(event) => edit({ ...draft, from: event.target.value })}
          error={problem?.field === 'from' ? problem.message : undefined}
        />
        <TextField
          label="Last day"
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => edit({ ...draft, to: event.target.value })}
          error={problem?.field === 'to' ? problem.message : undefined}
        />
      </div>
      <p className={styles.muted} aria-live="polite">
        {problem
          ? 'Fix the dates; the sidebar actions keep using the last valid range.'
          : `Covers ${formatDate(`${range.from}T00:00:00Z`, 'UTC')} to ${formatDate(`${range.to}T00:00:00Z`, 'UTC')} (UTC), both days included.`}
      </p>
    </div>
  )
}
