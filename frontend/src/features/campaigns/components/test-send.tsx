import { TEST_SEND_ADDRESSES_MAX } from '@app/contracts'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-error'
import { useCampaignTestSend } from '../api/campaigns'
import { parseTestAddresses } from '../campaign-flow'
import styles from './campaigns.module.css'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A test of the campaign's message to a few addresses, through its SES, rendered with a real recipient's data. */
export function TestSend({ organizationId, campaignId }: { organizationId: string; campaignId: string }) {
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string>()
  const send = useCampaignTestSend(organizationId, campaignId)

  return (
    <form
      className={styles.column}
      aria-labelledby="test-send-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const addresses = parseTestAddresses(text)
        if (addresses.length === 0) return setProblem('Enter at least one address.')
        if (addresses.length > TEST_SEND_ADDRESSES_MAX)
          return setProblem(`At most ${TEST_SEND_ADDRESSES_MAX} addresses.`)
        const bad = addresses.find((address) => !EMAIL.test(address))
        if (bad) return setProblem(`“${bad}” is not a whole email address.`)
        setProblem(undefined)
        send.mutate({ addresses })
      }}
    >
      <h3 id="test-send-title">Send a test</h3>
      <div className={styles.fields}>
        <TextField
          label="Test addresses"
          value={text}
          onChange={(event) => setText(event.target.value)}
          hint={`Up to ${TEST_SEND_ADDRESSES_MAX}, separated by commas. Rendered with a recipient's data.`}
          error={problem ?? (send.isError ? errorMessage(send.error) : undefined)}
        />
      </div>
      <div>
        <Button type="submit" variant="secondary" loading={send.isPending}>
          Send test
        </Button>
      </div>
      {send.data && (
        <Alert tone="success" role="status">
          Sent to {send.data.messages.map((message) => message.to).join(', ')} with the data of{' '}
          {send.data.contact.email}.
        </Alert>
      )}
    </form>
  )
}
