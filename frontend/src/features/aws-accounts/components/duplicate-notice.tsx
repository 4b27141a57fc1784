import type { AwsAccount } from '@app/contracts'
import { Alert } from '../../../components/ui/alert'
import { awsAccountName } from '../aws-account-display'
import { OpenConnectionLink } from './connection-error'
import { DeleteAwsAccountButton } from './delete-aws-account'

/**
 * A connection made, before one connection per AWS account and region was the rule, to the same account and
 * region as an older one: it still works, shares that one's SES publication state, and can be deleted here.
 */
export function DuplicateNotice({
  account,
  kept,
  canManage,
}: {
  account: AwsAccount
  kept: AwsAccount | undefined
  canManage: boolean
}) {
  const keptName = kept ? awsAccountName(kept) : 'an older connection'
  return (
    <Alert
      tone="warning"
      title="Duplicate connection"
      actions={
        <>
          {kept && <OpenConnectionLink connection={kept} />}
          {canManage && <DeleteAwsAccountButton account={account} />}
        </>
      }
    >
      <p>
        This connection reaches the same AWS account ({account.awsAccountNumber}) and region ({account.region}
        ) as <strong>{keptName}</strong>, which was connected first. SES Studio keeps one connection per AWS
        account and region: what is published to SES there is shown the same through both, and new connections
        to it are refused.
      </p>
      <p>
        Delete this duplicate when nothing uses it any more: the SES templates and their publication state
        stay with {keptName}; this connection’s logs &amp; metrics history goes with it.
      </p>
    </Alert>
  )
}
