import styles from './toggle-buttons.module.css'

interface ToggleButtonsProps<T extends string> {
  /** Names the group for screen readers ('Presets', 'Range'). */
  label: string
  options: readonly { value: T; label: string }[]
  /** The pressed option; none when the current choice matches no option. */
  value: T | undefined
  onChange: (value: T) => void
}

/** A row of pill buttons, one of them pressed: presets and ranges. */
export function ToggleButtons<T extends string>({ label, options, value, onChange }: ToggleButtonsProps<T>) {
  return (
    <fieldset className={styles.group} aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  )
}
