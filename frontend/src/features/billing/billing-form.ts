import {
  type BillingDetails,
  TAX_ID_TYPES,
  type TaxIdType,
  type UpdateBillingBody,
  UpdateBillingBodySchema,
} from '@app/contracts'

/** The billing details form as the inputs hold it: every field a string, '' meaning empty. */
export interface BillingFormValues {
  companyName: string
  email: string
  line1: string
  line2: string
  city: string
  postalCode: string
  state: string
  country: string
  taxIdType: TaxIdType | ''
  taxIdValue: string
}

export type BillingFormField = keyof BillingFormValues
/** Messages per input; `form` holds one that belongs to no single input. */
export type BillingFormErrors = Partial<Record<BillingFormField | 'form', string>>

export function billingFormValues(details: BillingDetails): BillingFormValues {
  return {
    companyName: details.companyName ?? '',
    email: details.email ?? '',
    line1: details.address?.line1 ?? '',
    line2: details.address?.line2 ?? '',
    city: details.address?.city ?? '',
    postalCode: details.address?.postalCode ?? '',
    state: details.address?.state ?? '',
    country: details.address?.country ?? '',
    taxIdType: details.taxId?.type ?? '',
    taxIdValue: details.taxId?.value ?? '',
  }
}

export function isTaxIdType(value: string): value is TaxIdType {
  return Object.hasOwn(TAX_ID_TYPES, value)
}

const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'postalCode', 'state', 'country'] as const

function orNull(value: string): string | null {
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

/** Zod issue path → the input that shows it. */
function fieldOf(path: readonly PropertyKey[]): BillingFormField | undefined {
  const [head, leaf] = path
  if (head === 'companyName' || head === 'email') return head
  if (head === 'address') return ADDRESS_FIELDS.find((field) => field === leaf) ?? 'line1'
  if (head === 'taxId') return leaf === 'type' ? 'taxIdType' : 'taxIdValue'
  return undefined
}

/**
 * The PATCH body for the form, checked with the contract's schema (the same rules the API applies), or the
 * messages to show next to each field. An address left entirely blank is removed; so is a blank tax id.
 */
export function billingBodyFrom(
  values: BillingFormValues,
): { ok: true; body: UpdateBillingBody } | { ok: false; errors: BillingFormErrors } {
  const addressBlank = ADDRESS_FIELDS.every((field) => values[field].trim() === '')
  const taxIdBlank = values.taxIdValue.trim() === ''
  const errors: BillingFormErrors = {}
  if (!taxIdBlank && values.taxIdType === '') errors.taxIdType = 'Choose the kind of tax id.'

  const body = {
    companyName: orNull(values.companyName),
    email: orNull(values.email),
    address: addressBlank
      ? null
      : {
          line1: values.line1,
          line2: orNull(values.line2),
          city: values.city,
          postalCode: orNull(values.postalCode),
          state: orNull(values.state),
          country: values.country,
        },
    taxId:
      taxIdBlank || values.taxIdType === '' ? null : { type: values.taxIdType, value: values.taxIdValue },
  }
  const parsed = UpdateBillingBodySchema.safeParse(body)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path) ?? 'form'
      errors[field] ??= issue.message
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, body: parsed.data }
}
