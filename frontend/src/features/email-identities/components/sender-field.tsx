import type { EmailIdentity } from '@app/contracts'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { senderAddress } from '../identity-display'
import type { SenderChoice } from '../sender-choice'
import styles from './email-identities.module.css'

interface SenderFieldProps {
  /** Verified identities of the AWS account, the only ones SES sends from. */
  senders: readonly EmailIdentity[]
  value: SenderChoice
  onChange: (choice: SenderChoice) => void
  /** A refused address (shown under the part before the @, or under the list). */
  error?: string
  name: string
}

/** 'From': a verified address, or any address at a verified domain (the user types the part before the @). */
export function SenderField({ senders, value, onChange, error, name }: SenderFieldProps) {
  const sender = senders.find((identity) => identity.id === value.senderId)
  const domain = sender?.type === 'DOMAIN' ? sender : undefined
  return (
    // Stacked: a domain's name is often too long to share a row with the address field.
    <div className={styles.stack}>
      <SelectField
        label="From"
        name={name}
        value={value.senderId}
        onChange={(event) => onChange({ ...value, senderId: event.target.value })}
        hint="Only verified identities of this AWS account can send."
        error={domain ? undefined : error}
      >
        {senders.map((identity) => (
          <option key={identity.id} value={identity.id}>
            {identity.type === 'DOMAIN' ? `Any address at ${identity.id}` : identity.id}
          </option>
        ))}
      </SelectField>
      {domain && (
        <TextField
          label={`Address at ${domain.id}`}
          name={`${name}-local-part`}
          autoComplete="off"
          spellCheck={false}
          value={value.localPart}
          onChange={(event) => onChange({ ...value, localPart: event.target.value })}
          error={error}
          hint={`Sends from ${senderAddress(domain, value.localPart || '…')}.`}
        />
      )}
    </div>
  )
}
