import { type AwsAccount, SendSharePercentSchema } from '@app/contracts'
import { type FormEvent, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast-store'
import { useUpdateAwsAccount } from '../api/aws-accounts'
import styles from './aws-accounts.module.css'
import { ConnectionError } from './connection-error'

/**
 * The campaigns' share of the account's MaxSendRate (10–100 %). The send limiter reads it at every batch, so a
 * campaign that is sending speeds up or slows down at once.
 */
export function SendShareForm({ account }: { account: AwsAccount }) {
  const [value, setValue] = useState(String(account.sendSharePercent))
  const [error, setError] = useState<string>()
  const update = useUpdateAwsAccount(account, { handlesErrors: true })
  const parsed = SendSharePercentSchema.safeParse(value.trim() === '' ? Number.NaN : Number(value))

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!parsed.success) return setError('Enter a whole number from 10 to 100.')
    setError(undefined)
    update.mutate(
      { sendSharePercent: parsed.data },
      {
        onSuccess: (updated) =>
          toast.success(`Campaigns now send at ${updated.sendSharePercent}% of the account's rate.`),
      },
    )
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Campaign sending rate">
      <div className={styles.grid}>
        <TextField
          label="Campaigns' share of the send rate (%)"
          name="send-share-percent"
          type="number"
          inputMode="numeric"
          min={10}
          max={100}
          step={1}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
          hint="10–100. Campaigns use this part of the account's maximum send rate; the rest stays free for your other mail. Campaigns that are sending change pace at once."
        />
      </div>
      {update.error && <ConnectionError error={update.error} />}
      <div className={styles.actions}>
        <Button
          type="submit"
          loading={update.isPending}
          disabled={parsed.success && parsed.data === account.sendSharePercent}
        >
          Save
        </Button>
      </div>
    </form>
  )
}
