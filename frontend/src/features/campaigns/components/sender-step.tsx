import type { Campaign, CampaignSender, UpdateCampaignBody } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { awsAccountQueries } from '../../aws-accounts/api/aws-accounts'
import { emailIdentityQueries } from '../../email-identities/api/email-identities'
import { SenderField } from '../../email-identities/components/sender-field'
import { chosenAddress, type SenderChoice } from '../../email-identities/sender-choice'
import { campaignQueries } from '../api/campaigns'
import { senderStart } from '../campaign-flow'
import styles from './campaigns.module.css'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

interface SenderStepProps {
  organizationId: string
  campaign: Campaign
  pending: boolean
  error: unknown
  onSave: (body: UpdateCampaignBody) => void
  onBack: () => void
}

/**
 * Step 3: the AWS account, a verified identity of it, the display name, the reply-to and postal addresses. A
 * draft without a sender starts from the one last saved on any of the organization's campaigns.
 */
export function SenderStep(props: SenderStepProps) {
  const unset = props.campaign.sender === null
  const defaults = useQuery({ ...campaignQueries.senderDefaults(props.organizationId), enabled: unset })
  if (unset && defaults.isPending)
    return (
      <section className={styles.panel} aria-labelledby="sender-title">
        <h2 id="sender-title">Sender</h2>
        <LoadingLines lines={4} label="Loading your last sender" />
      </section>
    )
  // Without them (none yet, or not readable now) the form starts empty.
  const remembered = unset ? (defaults.data?.sender ?? null) : null
  return (
    <SenderForm {...props} initial={props.campaign.sender ?? remembered} remembered={remembered !== null} />
  )
}

function SenderForm({
  organizationId,
  campaign,
  pending,
  error,
  onSave,
  onBack,
  initial,
  remembered,
}: SenderStepProps & { initial: CampaignSender | null; remembered: boolean }) {
  const accounts = useQuery(awsAccountQueries.list(organizationId))
  const [awsAccountId, setAwsAccountId] = useState(campaign.awsAccountId)
  const identities = useQuery(emailIdentityQueries.list(awsAccountId))
  const senders = identities.data?.filter((identity) => identity.usableAsSender) ?? []
  const [picked, setPicked] = useState<SenderChoice>()
  const start = senderStart(initial, senders)
  const choice = picked ?? start.choice
  const [fromName, setFromName] = useState(initial?.fromName ?? '')
  const [replyTo, setReplyTo] = useState(initial?.replyTo ?? '')
  const [postalAddress, setPostalAddress] = useState(initial?.postalAddress ?? '')
  const [problem, setProblem] = useState<{ from?: string; replyTo?: string; postal?: string }>({})
  const verified = accounts.data?.filter((account) => account.awsAccountVerified) ?? []

  return (
    <form
      className={styles.panel}
      aria-labelledby="sender-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const fromEmail = chosenAddress(senders, choice)
        const next = {
          from: fromEmail && EMAIL.test(fromEmail) ? undefined : 'Choose a verified sender address.',
          replyTo:
            replyTo.trim() === '' || EMAIL.test(replyTo.trim()) ? undefined : 'Enter a whole email address.',
        }
        setProblem(next)
        if (next.from || next.replyTo || !fromEmail) return
        onSave({
          ...(awsAccountId !== campaign.awsAccountId ? { awsAccountId } : {}),
          sender: {
            fromEmail,
            fromName: fromName.trim(),
            replyTo: replyTo.trim() || null,
            postalAddress: postalAddress.trim(),
          },
        })
      }}
    >
      <h2 id="sender-title">Sender</h2>
      {remembered && initial && identities.data && (
        <Alert tone="info" role="status">
          Filled in from the sender last saved on one of your campaigns: check it before saving.
          {!start.kept &&
            ` Its From address, ${initial.fromEmail}, is not a verified identity of this AWS account: choose one.`}
        </Alert>
      )}
      {verified.length > 1 && (
        <SelectField
          label="AWS account"
          value={awsAccountId}
          onChange={(event) => {
            setAwsAccountId(event.target.value)
            setPicked(undefined)
          }}
          hint="The campaign sends through this account's SES, at its sending rate and quota."
        >
          {verified.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </SelectField>
      )}
      {identities.isError ? (
        <LoadError
          title="Could not load the sender identities"
          error={identities.error}
          onRetry={() => void identities.refetch()}
        />
      ) : identities.data === undefined ? (
        <LoadingLines lines={2} label="Loading the sender identities" />
      ) : senders.length === 0 ? (
        <Alert tone="warning" title="No verified sender in this AWS account">
          SES sends only from verified addresses and domains.{' '}
          <Link to={paths.emailIdentities()}>Verify an address or a domain</Link>, then come back.
        </Alert>
      ) : (
        <SenderField
          name="campaign-from"
          senders={senders}
          value={choice}
          onChange={setPicked}
          {...(problem.from ? { error: problem.from } : {})}
        />
      )}
      <div className={styles.fields}>
        <TextField
          label="From name"
          value={fromName}
          maxLength={100}
          onChange={(event) => setFromName(event.target.value)}
          hint="Shown as the sender in the inbox, e.g. your company's name."
        />
        <TextField
          label="Reply-to (optional)"
          type="email"
          value={replyTo}
          onChange={(event) => setReplyTo(event.target.value)}
          error={problem.replyTo}
          hint="Where replies go, when not to the From address."
        />
      </div>
      <TextField
        label="Postal address"
        value={postalAddress}
        maxLength={300}
        onChange={(event) => setPostalAddress(event.target.value)}
        error={problem.postal}
        hint="Anti-spam laws (CAN-SPAM) require your postal address in every marketing message: write the same in the template's footer and text part. The review checks it."
      />
      {error !== undefined && error !== null && (
        <Alert tone="danger" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      <div className={styles.footer}>
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" loading={pending} disabled={senders.length === 0}>
          Save and continue
        </Button>
      </div>
    </form>
  )
}
