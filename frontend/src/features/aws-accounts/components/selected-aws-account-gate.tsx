import type { AwsAccount, OrganizationSummary } from '@app/contracts'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import styles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { ButtonLink } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { LoadingLines } from '../../../components/ui/loading-lines'
import { paths } from '../../../lib/paths'
import { organizationName } from '../../organizations/organization-display'
import { awsAccountName } from '../aws-account-display'

interface GateProps {
  accounts: UseQueryResult<AwsAccount[]>
  selected: AwsAccount | undefined
  organization: OrganizationSummary
  canManage: boolean
  /** What the page says while the organization has no AWS account. */
  empty: { title: string; text: ReactNode }
  /**
   * Pages that need a verified account say what they do once it is (the gate then shows the shared "not connected
   * yet" alert for an unverified one); the Status page, where a connection is finished, leaves it out.
   */
  unverified?: ReactNode
  /** The page's content for the selected account. */
  children: (selected: AwsAccount) => ReactNode
}

/** The states every AWS-account page shares: loading, failed, none connected; then the page for the selected one. */
export function SelectedAwsAccountGate({
  accounts,
  selected,
  organization,
  canManage,
  empty,
  unverified,
  children,
}: GateProps) {
  if (accounts.isPending) return <LoadingLines lines={5} label="Loading the AWS accounts" />
  if (accounts.isError) {
    return (
      <LoadError
        title="Could not load the AWS accounts"
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
      />
    )
  }
  if (!selected) {
    return (
      <section className={styles.empty} aria-label="No AWS account">
        <p className={styles.emptyTitle}>{empty.title}</p>
        <p>{empty.text}</p>
        {canManage ? (
          <ButtonLink to={paths.newAwsAccount()}>Add AWS Account</ButtonLink>
        ) : (
          <p>Owners and admins of {organizationName(organization)} can add one.</p>
        )}
      </section>
    )
  }
  if (unverified !== undefined && !selected.awsAccountVerified) {
    return (
      <Alert
        tone="warning"
        title={`${awsAccountName(selected)} is not connected yet`}
        actions={<ButtonLink to={paths.awsAccount()}>Finish AWS configuration</ButtonLink>}
      >
        {unverified}
      </Alert>
    )
  }
  return <>{children(selected)}</>
}
