import type { AwsAccount } from '@app/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import styles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { toast } from '../../../components/ui/toast-store'
import { awsAccountQueries, useSelectAwsAccount } from '../../../features/aws-accounts/api/aws-accounts'
import {
  awsAccountName,
  connectionMethodLabel,
  regionLabel,
  selectedAwsAccountOf,
} from '../../../features/aws-accounts/aws-account-display'
import { ConnectForm } from '../../../features/aws-accounts/components/connect-form'
import { FinishConnection } from '../../../features/aws-accounts/components/finish-connection'
import { useSelectedAwsAccount } from '../../../features/aws-accounts/use-selected-aws-account'
import { paths } from '../../../lib/paths'
import { NoOrganizationPage } from './no-organization'
import { organizationLoader } from './organization-route'

/** The connection being finished, kept in the address so a reload (or a trip to the AWS console) comes back to it. */
const CONNECTION_PARAM = 'connection'

export const clientLoader = organizationLoader(
  (queryClient, organization) => void queryClient.prefetchQuery(awsAccountQueries.list(organization.id)),
)

export function Component() {
  const { account, organization, accounts, canManage } = useSelectedAwsAccount()
  const [searchParams, setSearchParams] = useSearchParams()
  const navigate = useNavigate()
  const { select } = useSelectAwsAccount()
  const queryClient = useQueryClient()

  if (!organization) {
    return (
      <NoOrganizationPage title="Add AWS Account">
        AWS accounts are connected to the organization you are working in.
      </NoOrganizationPage>
    )
  }

  function finish(connected: AwsAccount) {
    // The new connection becomes the one the AWS pages work on (no call when it already is, as the only one).
    const known = queryClient.getQueryData(awsAccountQueries.list(connected.organizationId).queryKey) ?? []
    if (selectedAwsAccountOf(known, account.selectedAwsAccount)?.id !== connected.id)
      select(connected.id, account)
    toast.success(
      `${awsAccountName(connected)} is connected. SES Studio can use Amazon SES in ${connected.region}.`,
    )
    navigate(paths.awsAccount())
  }

  const connectionId = searchParams.get(CONNECTION_PARAM)
  const pending = connectionId ? accounts.data?.find((item) => item.id === connectionId) : undefined

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Add AWS Account</h1>
        <p className={styles.lead}>
          Connect the AWS account whose Amazon SES you send with. Templates, identities and mail stay in your
          account; SES Studio works there with the access you grant.
        </p>
      </header>

      {!canManage ? (
        <Alert
          tone="info"
          title="Only owners and admins can add AWS accounts"
          actions={
            <ButtonLink to={paths.awsAccount()} variant="secondary" size="small">
              AWS account status
            </ButtonLink>
          }
        >
          Connecting an account hands SES Studio access to it, so it is up to the organization’s owners and
          admins. Ask one of them to add it.
        </Alert>
      ) : connectionId && accounts.isPending ? (
        <LoadingLines lines={4} label="Loading the connection" />
      ) : pending?.awsAccountVerified ? (
        <Navigate to={paths.awsAccount()} replace />
      ) : pending ? (
        <Card
          title={`Finish connecting ${awsAccountName(pending)}`}
          description={`${connectionMethodLabel(pending.method)} · ${regionLabel(pending.region)}. The connection is saved: you can also finish it later from AWS account → Status.`}
        >
          <FinishConnection account={pending} canManage onVerified={finish} />
        </Card>
      ) : (
        <Card title="Connect an account">
          <ConnectForm
            organizationId={organization.id}
            onCreated={(created) =>
              created.awsAccountVerified
                ? finish(created)
                : setSearchParams({ [CONNECTION_PARAM]: created.id }, { replace: true })
            }
          />
        </Card>
      )}
    </div>
  )
}
