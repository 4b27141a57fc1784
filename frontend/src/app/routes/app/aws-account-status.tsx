import styles from '../../../components/layouts/page.module.css'
import { Badge } from '../../../components/ui/badge'
import { Card } from '../../../components/ui/card'
import { toast } from '../../../components/ui/toast-store'
import { awsAccountQueries } from '../../../features/aws-accounts/api/aws-accounts'
import { awsAccountName, connectionMethodLabel } from '../../../features/aws-accounts/aws-account-display'
import {
  ConnectionDetails,
  NameAndRegionForm,
  RotateCredentials,
} from '../../../features/aws-accounts/components/connection-settings'
import { DeleteAwsAccountButton } from '../../../features/aws-accounts/components/delete-aws-account'
import { DuplicateNotice } from '../../../features/aws-accounts/components/duplicate-notice'
import { FinishConnection } from '../../../features/aws-accounts/components/finish-connection'
import { SelectedAwsAccountGate } from '../../../features/aws-accounts/components/selected-aws-account-gate'
import { SendShareForm } from '../../../features/aws-accounts/components/send-share-form'
import { StatusOverview } from '../../../features/aws-accounts/components/status-overview'
import { useSelectedAwsAccount } from '../../../features/aws-accounts/use-selected-aws-account'
import { organizationName } from '../../../features/organizations/organization-display'
import { NoOrganizationPage } from './no-organization'
import { selectedAwsAccountLoader } from './selected-aws-account-loader'

const TITLE = 'AWS account status'

/** Reads the connections, then the selected one's live SES state, while the page's code loads. */
export const clientLoader = selectedAwsAccountLoader((queryClient, selected) => {
  void queryClient.prefetchQuery(awsAccountQueries.status(selected.id))
})

export function Component() {
  const { account, organization, accounts, selected, canManage } = useSelectedAwsAccount()

  if (!organization) {
    return (
      <NoOrganizationPage title={TITLE}>
        AWS accounts are connected to the organization you are working in.
      </NoOrganizationPage>
    )
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{TITLE}</h1>
        {selected ? (
          <p className={`${styles.lead} ${styles.leadRow}`}>
            <span>
              <strong className={styles.strong}>{awsAccountName(selected)}</strong> · {selected.region} ·{' '}
              {connectionMethodLabel(selected.method)}
            </span>
            {selected.awsAccountVerified ? (
              <Badge color="green">Verified</Badge>
            ) : (
              <Badge color="orange">Not verified</Badge>
            )}
          </p>
        ) : (
          <p className={styles.lead}>
            Whether SES Studio can reach your AWS account, your SES sending limits, and leaving the SES
            sandbox.
          </p>
        )}
      </header>

      <SelectedAwsAccountGate
        accounts={accounts}
        selected={selected}
        organization={organization}
        canManage={canManage}
        empty={{
          title: 'No AWS account connected yet',
          text: 'SES Studio sends and manages templates through your own Amazon SES. Connect the AWS account you use it in — with an IAM role (recommended) or an access key.',
        }}
      >
        {(selected) => (
          <>
            {selected.duplicateOf && (
              <DuplicateNotice
                account={selected}
                kept={accounts.data?.find((item) => item.id === selected.duplicateOf)}
                canManage={canManage}
              />
            )}
            {selected.awsAccountVerified ? (
              <StatusOverview
                key={selected.id}
                awsAccount={selected}
                organizationName={organizationName(organization)}
                contactEmail={account.email}
                canManage={canManage}
              />
            ) : (
              <Card
                title="Finish connecting this account"
                description="SES Studio cannot use Amazon SES with this connection yet."
              >
                <FinishConnection
                  key={selected.id}
                  account={selected}
                  canManage={canManage}
                  onVerified={(verified) => toast.success(`${awsAccountName(verified)} is connected.`)}
                />
              </Card>
            )}

            <Card
              title="Connection"
              description="What SES Studio holds for this account. Secrets are never shown."
            >
              <div className={styles.section}>
                <ConnectionDetails account={selected} />
                {canManage ? (
                  <>
                    <section className={styles.subsection} aria-labelledby="name-and-region">
                      <h3 id="name-and-region">Name and region</h3>
                      <NameAndRegionForm
                        key={`${selected.id}:${selected.name}:${selected.region}`}
                        account={selected}
                      />
                    </section>
                    <section className={styles.subsection} aria-labelledby="send-share">
                      <h3 id="send-share">Campaign sending rate</h3>
                      <SendShareForm key={`${selected.id}:${selected.sendSharePercent}`} account={selected} />
                    </section>
                    {selected.awsAccountVerified && (
                      <section className={styles.subsection} aria-labelledby="credentials">
                        <h3 id="credentials">Credentials</h3>
                        <RotateCredentials key={selected.id} account={selected} />
                      </section>
                    )}
                  </>
                ) : (
                  <p className={styles.muted}>Only owners and admins can change or delete this connection.</p>
                )}
              </div>
            </Card>

            {canManage && (
              <Card
                tone="danger"
                title="Delete connection"
                description="SES Studio forgets the credentials. Nothing is changed or deleted in your AWS account."
              >
                <DeleteAwsAccountButton account={selected} />
              </Card>
            )}
          </>
        )}
      </SelectedAwsAccountGate>
    </div>
  )
}
