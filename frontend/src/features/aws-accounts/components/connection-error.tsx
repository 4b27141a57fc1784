import type { AwsAccount } from '@app/contracts'
import { Alert } from '../../../components/ui/alert'
import { ButtonLink } from '../../../components/ui/button'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { useSelectAwsAccount } from '../api/aws-accounts'
import { useSelectedAwsAccount } from '../use-selected-aws-account'

/** Opens another connection of the organization on the Status page (it becomes the selected one). */
export function OpenConnectionLink({ connection }: { connection: Pick<AwsAccount, 'id' | 'name'> }) {
  const { account } = useSelectedAwsAccount()
  const { select } = useSelectAwsAccount()
  return (
    <ButtonLink
      to={paths.awsAccount()}
      variant="secondary"
      size="small"
      onClick={() => select(connection.id, account)}
    >
      Open {connection.name || 'Default'}
    </ButtonLink>
  )
}

/**
 * Why creating or changing a connection failed. The refusal of a second connection to one AWS account and region
 * says so plainly and links to the connection that already reaches it.
 */
export function ConnectionError({ error, title }: { error: unknown; title?: string }) {
  if (isApiError(error, 'aws_account.already_connected') && error.details.awsAccount) {
    return (
      <Alert
        tone="danger"
        role="alert"
        title="This AWS account is already connected"
        actions={<OpenConnectionLink connection={error.details.awsAccount} />}
      >
        {error.message}
      </Alert>
    )
  }
  return (
    <Alert tone="danger" role="alert" title={title}>
      {errorMessage(error)}
    </Alert>
  )
}
