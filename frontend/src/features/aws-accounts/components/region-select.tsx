import { SES_REGIONS, type SesRegion } from '@app/contracts'
import { SelectField } from '../../../components/ui/select-field'
import { regionLabel } from '../aws-account-display'

export function isSesRegion(value: string): value is SesRegion {
  return (SES_REGIONS as readonly string[]).includes(value)
}

/** The SES region of a connection: where its identities, templates and quotas live. */
export function RegionSelect({
  value,
  onChange,
  error,
  disabled,
}: {
  value: SesRegion
  onChange: (region: SesRegion) => void
  error?: string
  disabled?: boolean
}) {
  return (
    <SelectField
      label="Region"
      name="region"
      value={value}
      error={error}
      disabled={disabled}
      hint="Where you use Amazon SES. Identities, templates and quotas are per region."
      onChange={(event) => {
        if (isSesRegion(event.target.value)) onChange(event.target.value)
      }}
    >
      {SES_REGIONS.map((region) => (
        <option key={region} value={region}>
          {regionLabel(region)}
        </option>
      ))}
    </SelectField>
  )
}
