import type { AwsAccount } from '@app/contracts'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast-store'
import { useDeleteAwsAccount } from '../api/aws-accounts'
import { awsAccountName } from '../aws-account-display'

/** Forgets the connection and its credentials; nothing changes in the AWS account itself. */
export function DeleteAwsAccountButton({ account }: { account: AwsAccount }) {
  const remove = useDeleteAwsAccount(account)
  const name = awsAccountName(account)
  return (
    <ConfirmDialog
      triggerLabel="Delete connection"
      title={`Delete the connection ${name}?`}
      confirmLabel="Delete connection"
      pending={remove.isPending}
      onConfirm={(close) =>
        remove.mutate(undefined, {
          onSuccess: () => {
            close()
            toast.success(`SES Studio forgot ${name}.`)
          },
        })
      }
    >
      <p>
        SES Studio forgets this connection and its credentials. Campaigns and test sends can no longer use it.
      </p>
      <p>
        Nothing changes in your AWS account: identities, SES templates and suppression list stay.{' '}
        {account.method === 'role'
          ? 'Delete the CloudFormation stack in AWS to remove the role.'
          : 'Deactivate the access key in IAM if nothing else uses it.'}
      </p>
    </ConfirmDialog>
  )
}
