import type { AwsAccount } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import styles from '../../../components/layouts/page.module.css'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { awsAccountQueries } from '../../../features/aws-accounts/api/aws-accounts'
import { awsAccountName } from '../../../features/aws-accounts/aws-account-display'
import { SelectedAwsAccountGate } from '../../../features/aws-accounts/components/selected-aws-account-gate'
import { useSelectedAwsAccount } from '../../../features/aws-accounts/use-selected-aws-account'
import { emailIdentityQueries } from '../../../features/email-identities/api/email-identities'
import { AddIdentity } from '../../../features/email-identities/components/add-identity'
import { IdentityTable } from '../../../features/email-identities/components/identity-table'
import { SendTestEmail } from '../../../features/email-identities/components/send-test-email'
import { sortIdentities } from '../../../features/email-identities/identity-display'
import { organizationName } from '../../../features/organizations/organization-display'
import { NoOrganizationPage } from './no-organization'
import { selectedAwsAccountLoader } from './selected-aws-account-loader'

const TITLE = 'Email identities'

export const clientLoader = selectedAwsAccountLoader((queryClient, selected) => {
  void queryClient.prefetchQuery(emailIdentityQueries.list(selected.id))
})

export function Component() {
  const { organization, accounts, selected, canManage } = useSelectedAwsAccount()

  if (!organization) {
    return (
      <NoOrganizationPage title={TITLE}>
        Identities belong to the AWS account of the organization you are working in.
      </NoOrganizationPage>
    )
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{TITLE}</h1>
        <p className={styles.lead}>
          {selected
            ? `The addresses and domains Amazon SES lets ${awsAccountName(selected)} (${selected.region}) send from.`
            : 'The addresses and domains Amazon SES lets you send from, with their verification and DKIM status.'}
        </p>
      </header>

      <SelectedAwsAccountGate
        accounts={accounts}
        selected={selected}
        organization={organization}
        canManage={canManage}
        empty={{
          title: 'Connect an AWS account first',
          text: 'Identities live in the Amazon SES of your own AWS account. Connect it, then add addresses here.',
        }}
        unverified="SES Studio can list and add identities once it can reach Amazon SES with this account’s credentials."
      >
        {(selected) => (
          <Identities
            key={selected.id}
            awsAccount={selected}
            organizationId={organization.id}
            organizationName={organizationName(organization)}
          />
        )}
      </SelectedAwsAccountGate>
    </div>
  )
}

function Identities({
  awsAccount,
  organizationId,
  organizationName,
}: {
  awsAccount: AwsAccount
  organizationId: string
  organizationName: string
}) {
  const { account } = useSelectedAwsAccount()
  const identities = useQuery(emailIdentityQueries.list(awsAccount.id))
  // Only what the status page already read: another SES call here would count against the ~1/s control-plane limit.
  const status = useQuery({ ...awsAccountQueries.status(awsAccount.id), enabled: false })
  const [adding, setAdding] = useState(false)
  const list = identities.data ? sortIdentities(identities.data) : []
  const senders = list.filter((identity) => identity.usableAsSender)
  const verifiedAddress = senders.find((identity) => identity.type === 'EMAIL_ADDRESS')

  return (
    <>
      <div className={styles.toolbar}>
        <Button onClick={() => setAdding(true)} disabled={adding}>
          Add identity
        </Button>
        <SendTestEmail
          organizationId={organizationId}
          awsAccountId={awsAccount.id}
          organizationName={organizationName}
          senders={senders}
          defaultTo={verifiedAddress?.id ?? account.email}
          inSandbox={status.data ? !status.data.productionAccessEnabled : undefined}
        />
        <Button
          variant="ghost"
          loading={identities.isFetching && !identities.isPending}
          onClick={() => void identities.refetch()}
        >
          Refresh
        </Button>
      </div>

      {adding && (
        <Card title="Add identity">
          <AddIdentity awsAccount={awsAccount} onClose={() => setAdding(false)} />
        </Card>
      )}

      <Card
        title="Identities"
        description={
          identities.data && senders.length === 0 && list.length > 0
            ? 'None can send yet: verify an address (click the link SES mailed) or publish a domain’s DKIM records, then refresh.'
            : undefined
        }
      >
        {identities.isPending ? (
          <LoadingLines lines={4} label="Loading the identities from Amazon SES" />
        ) : identities.isError ? (
          <LoadError
            title="Could not read the identities from Amazon SES"
            error={identities.error}
            onRetry={() => void identities.refetch()}
          />
        ) : list.length === 0 ? (
          <div className={styles.section}>
            <p className={styles.emptyTitle}>No identities yet</p>
            <p className={styles.muted}>
              Add the address or the domain you send from. In the SES sandbox, every recipient must be
              verified here too.
            </p>
          </div>
        ) : (
          <IdentityTable identities={list} awsAccount={awsAccount} />
        )}
      </Card>
    </>
  )
}
