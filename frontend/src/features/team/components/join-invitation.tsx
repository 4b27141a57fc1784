import { InvitationTokenSchema, type InvitationView } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { AuthCard } from '../../../components/layouts/auth-layout'
import { Alert } from '../../../components/ui/alert'
import { Button, ButtonLink } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { accountQueries, useUpdateAccount } from '../../account/api/account'
import { roleLabel } from '../../organizations/organization-display'
import { teamQueries, useAcceptInvitation, useDeclineInvitation } from '../api/team'
import { joinState, memberName, withAddress } from '../team-display'
import { UnverifiedEmail } from './join-unverified'
import styles from './team.module.css'

/** While the address waits for its verification (in another tab), the account is read again this often. */
const VERIFY_POLL_MS = 3000

/** `/join/<id>?token=…` for a signed-in visitor: the invitation, and Accept or Decline; never a silent join. */
export function JoinInvitation({
  id,
  token,
  onSwitchAccount,
}: {
  id: string | undefined
  token: string | null
  onSwitchAccount: () => Promise<void>
}) {
  if (!id || !token || !InvitationTokenSchema.safeParse(token).success) return <InvalidLink />
  return <Invitation id={id} token={token} onSwitchAccount={onSwitchAccount} />
}

function Invitation({
  id,
  token,
  onSwitchAccount,
}: {
  id: string
  token: string
  onSwitchAccount: () => Promise<void>
}) {
  const view = useQuery(teamQueries.invitation(id, token))
  const account = useQuery({
    ...accountQueries.current(),
    refetchInterval: (query) => (query.state.data?.emailVerified === false ? VERIFY_POLL_MS : false),
  })
  if (
    view.isError &&
    (isApiError(view.error, 'invitation.not_found') || isApiError(view.error, 'request.invalid'))
  )
    return <InvalidLink />
  if (view.isError || account.isError)
    return (
      <AuthCard title="Join an organization">
        <LoadError
          title="Could not open the invitation"
          error={view.error ?? account.error}
          onRetry={() => void Promise.all([view.refetch(), account.refetch()])}
        />
      </AuthCard>
    )
  if (!view.data || !account.data)
    return (
      <AuthCard title="Join an organization">
        <p role="status" className={styles.muted}>
          <Spinner size="small" /> Opening the invitation…
        </p>
      </AuthCard>
    )

  const invitation = view.data
  const organization = invitation.organization.name || 'New Organization'
  const inviter = memberName(invitation.invitedBy)
  switch (joinState(invitation, account.data)) {
    case 'open':
      return <OpenInvitation invitation={invitation} token={token} />
    case 'unverified':
      return (
        <InvitationCard invitation={invitation}>
          <UnverifiedEmail email={account.data.email} />
        </InvitationCard>
      )
    case 'wrong_account':
      return (
        <Ended title="This invitation is for another address" tone="warning">
          <p>
            {inviter} invited <strong>{invitation.email}</strong> to {organization}. You are signed in as{' '}
            <strong>{account.data.email}</strong>. Sign in with the invited address (or create its account) to
            join.
          </p>
          <Button onClick={() => void onSwitchAccount()} block>
            Sign out and switch account
          </Button>
        </Ended>
      )
    case 'already_member':
      return <AlreadyMember organizationId={invitation.organization.id} name={organization} />
    case 'expired':
      return (
        <Ended title="This invitation has expired">
          <p>
            Invitations work for 7 days. Ask {withAddress(invitation.invitedBy)} to send it again from the
            team page of {organization}.
          </p>
        </Ended>
      )
    case 'revoked':
      return (
        <Ended title="This invitation was withdrawn">
          <p>
            {organization} revoked it, so it can no longer be used. If you expected to join, ask{' '}
            {withAddress(invitation.invitedBy)}.
          </p>
        </Ended>
      )
    case 'declined':
      return (
        <Ended title="You declined this invitation" tone="info">
          <p>
            You did not join {organization}. If you change your mind, ask {inviter} for a new invitation.
          </p>
        </Ended>
      )
    case 'accepted':
      return (
        <Ended title="This invitation was already used" tone="info">
          <p>
            Each link joins once. If you joined {organization} with another account, sign in with that one;
            otherwise ask {inviter} for a new invitation.
          </p>
        </Ended>
      )
  }
}

function InvitationCard({ invitation, children }: { invitation: InvitationView; children: ReactNode }) {
  const organization = invitation.organization.name || 'New Organization'
  return (
    <AuthCard title={`Join ${organization}`} subtitle={`${memberName(invitation.invitedBy)} invited you.`}>
      <dl className={styles.joinFacts}>
        <div>
          <dt>Organization</dt>
          <dd>{organization}</dd>
        </div>
        <div>
          <dt>Invited by</dt>
          <dd>
            {memberName(invitation.invitedBy)}
            {invitation.invitedBy.name && ` (${invitation.invitedBy.email})`}
          </dd>
        </div>
        <div>
          <dt>Your role</dt>
          <dd>{roleLabel(invitation.role)}</dd>
        </div>
        <div>
          <dt>Sent to</dt>
          <dd>{invitation.email}</dd>
        </div>
      </dl>
      {children}
    </AuthCard>
  )
}

function OpenInvitation({ invitation, token }: { invitation: InvitationView; token: string }) {
  const accept = useAcceptInvitation(invitation.id, token)
  const decline = useDeclineInvitation(invitation.id, token)
  const navigate = useNavigate()
  const failure = accept.error ?? decline.error
  return (
    <InvitationCard invitation={invitation}>
      {failure && (
        <Alert tone="danger" role="alert" title="That did not work">
          {errorMessage(failure)}
        </Alert>
      )}
      <div className={styles.joinActions}>
        <Button
          block
          loading={accept.isPending}
          disabled={decline.isPending}
          onClick={() =>
            accept.mutate(undefined, {
              onSuccess: () => {
                toast.success(`You joined ${invitation.organization.name || 'the organization'}.`)
                navigate(paths.dashboard(), { replace: true })
              },
            })
          }
        >
          Accept and join
        </Button>
        <Button
          variant="secondary"
          block
          loading={decline.isPending}
          disabled={accept.isPending}
          onClick={() => decline.mutate()}
        >
          Decline
        </Button>
      </div>
    </InvitationCard>
  )
}

function AlreadyMember({ organizationId, name }: { organizationId: string; name: string }) {
  const select = useUpdateAccount()
  const navigate = useNavigate()
  return (
    <Ended title={`You are already a member of ${name}`} tone="info">
      <p>This invitation is not needed: your account is in {name} already.</p>
      <Button
        block
        loading={select.isPending}
        onClick={() =>
          select.mutate(
            { selectedOrganization: organizationId },
            { onSuccess: () => navigate(paths.dashboard()) },
          )
        }
      >
        Open {name}
      </Button>
    </Ended>
  )
}

function InvalidLink() {
  return (
    <Ended title="This invitation link is not valid">
      <p>
        It may be incomplete, or an older link of an invitation that was sent again (only the newest link
        works). Open the link from the latest invitation email exactly as it was sent, or ask for a new one.
      </p>
    </Ended>
  )
}

function Ended({
  title,
  tone = 'danger',
  children,
}: {
  title: string
  tone?: 'danger' | 'warning' | 'info'
  children: ReactNode
}) {
  return (
    <AuthCard title="Join an organization">
      <Alert tone={tone} title={title}>
        {children}
      </Alert>
      <ButtonLink to={paths.dashboard()} variant="secondary" block>
        Go to dashboard
      </ButtonLink>
    </AuthCard>
  )
}
