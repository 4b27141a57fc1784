import { type BillingDetails, TAX_ID_TYPES, type TaxIdType } from '@app/contracts'
import { type FormEvent, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { useUpdateBilling } from '../api/billing'
import {
  type BillingFormErrors,
  type BillingFormField,
  type BillingFormValues,
  billingBodyFrom,
  billingFormValues,
  isTaxIdType,
} from '../billing-form'
import styles from './billing.module.css'

interface BillingDetailsFormProps {
  organizationId: string
  details: BillingDetails
  /** Members see the details; only owners and admins may change them (the API enforces the same). */
  readOnly: boolean
  /** The signed-in email, suggested when no billing email is set. */
  placeholderEmail: string
}

/** Company, billing email, address and tax id as Stripe keeps them; checked with the contract's schema. */
export function BillingDetailsForm({
  organizationId,
  details,
  readOnly,
  placeholderEmail,
}: BillingDetailsFormProps) {
  const initial = billingFormValues(details)
  const [values, setValues] = useState<BillingFormValues>(initial)
  const [errors, setErrors] = useState<BillingFormErrors>({})
  const formRef = useRef<HTMLFormElement>(null)
  const update = useUpdateBilling(organizationId)
  const changed = (Object.keys(initial) as BillingFormField[]).some((key) => values[key] !== initial[key])

  function field(name: Exclude<BillingFormField, 'taxIdType'>) {
    return {
      name,
      value: values[name],
      error: errors[name],
      readOnly,
      onChange: (event: { target: { value: string } }) =>
        setValues({ ...values, [name]: event.target.value }),
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = billingBodyFrom(values)
    if (!result.ok) {
      setErrors(result.errors)
      // Let the messages render, then take the keyboard to the first field that needs fixing.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      )
      return
    }
    setErrors({})
    update.mutate(result.body, { onSuccess: () => toast.success('Billing details saved.') })
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label="Billing details">
      <div className={styles.grid}>
        <TextField
          label="Company name"
          autoComplete="organization"
          maxLength={120}
          {...field('companyName')}
        />
        <TextField
          label="Billing email"
          type="email"
          autoComplete="email"
          placeholder={readOnly ? undefined : placeholderEmail}
          hint={readOnly ? undefined : 'Invoices and payment receipts are sent here.'}
          {...field('email')}
        />
      </div>

      <fieldset className={styles.group}>
        <legend>Address</legend>
        <div className={styles.grid}>
          <TextField
            label="Address line 1"
            autoComplete="address-line1"
            className={styles.wide}
            maxLength={200}
            {...field('line1')}
          />
          <TextField
            label="Address line 2 (optional)"
            autoComplete="address-line2"
            className={styles.wide}
            maxLength={200}
            {...field('line2')}
          />
          <TextField label="City" autoComplete="address-level2" maxLength={100} {...field('city')} />
          <TextField label="Postal code" autoComplete="postal-code" maxLength={20} {...field('postalCode')} />
          <TextField
            label="State or region (optional)"
            autoComplete="address-level1"
            maxLength={100}
            {...field('state')}
          />
          <TextField
            label="Country"
            autoComplete="country"
            className={styles.country}
            maxLength={2}
            hint={readOnly ? undefined : 'Two letters, such as US, DE or GB.'}
            {...field('country')}
          />
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>Tax id</legend>
        <div className={styles.grid}>
          <SelectField
            label="Type"
            name="taxIdType"
            value={values.taxIdType}
            error={errors.taxIdType}
            disabled={readOnly}
            onChange={(event) =>
              setValues({ ...values, taxIdType: isTaxIdType(event.target.value) ? event.target.value : '' })
            }
          >
            <option value="">No tax id</option>
            {(Object.entries(TAX_ID_TYPES) as [TaxIdType, string][]).map(([type, label]) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Number"
            autoComplete="off"
            spellCheck={false}
            maxLength={50}
            {...field('taxIdValue')}
          />
        </div>
      </fieldset>

      {errors.form && (
        <Alert tone="danger" role="alert">
          {errors.form}
        </Alert>
      )}
      {!readOnly && (
        <div className={styles.actions}>
          <Button type="submit" loading={update.isPending} disabled={!changed}>
            Save billing details
          </Button>
          {changed && (
            <Button
              variant="ghost"
              onClick={() => {
                setValues(initial)
                setErrors({})
              }}
              disabled={update.isPending}
            >
              Discard changes
            </Button>
          )}
        </div>
      )}
    </form>
  )
}
