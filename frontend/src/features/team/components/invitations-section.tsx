import type { Invitation } from '@app/contracts'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import { roleLabel } from '../../organizations/organization-display'
import { useResendInvitation, useRevokeInvitation } from '../api/team'
import { dateText, invitationActions, invitationBadge, memberName } from '../team-display'
import styles from './team.module.css'

/** Pending invitations first, then those ended in the last 30 days, each with its state and what can be done. */
export function InvitationsSection({
  organizationId,
  invitations,
}: {
  organizationId: string
  invitations: readonly Invitation[]
}) {
  return (
    <section className={styles.section} aria-labelledby="team-invitations">
      <div>
        <h2 id="team-invitations">Invitations</h2>
        <p className={styles.muted}>
          Each link works for 7 days and once. Resending sends a new link; the old one stops working.
        </p>
      </div>
      {invitations.length === 0 ? (
        <p className={styles.muted}>No invitations in the last 30 days.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.cards} ${styles.plain}`}>
            <caption className="visually-hidden">Invitations of the last 30 days</caption>
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">Role</th>
                <th scope="col">State</th>
                <th scope="col">Sent</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((invitation) => (
                <InvitationRow key={invitation.id} organizationId={organizationId} invitation={invitation} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function InvitationRow({ organizationId, invitation }: { organizationId: string; invitation: Invitation }) {
  const badge = invitationBadge(invitation.state)
  const actions = invitationActions(invitation.state)
  const resend = useResendInvitation(organizationId)
  const revoke = useRevokeInvitation(organizationId)
  return (
    <tr>
      <th scope="row" className={styles.name}>
        {invitation.email}
      </th>
      <td>{roleLabel(invitation.role)}</td>
      <td>
        <Badge color={badge.color}>{badge.label}</Badge>
      </td>
      <td className={styles.muted}>
        {dateText(invitation.sentAt)} by {memberName(invitation.invitedBy)}
        {invitation.state === 'pending' && <>, expires {dateText(invitation.expiresAt)}</>}
      </td>
      <td>
        <div className={styles.actions}>
          {actions.resend && (
            <Button
              variant="secondary"
              size="small"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(invitation.id, {
                  onSuccess: () => toast.success(`A new invitation went to ${invitation.email}.`),
                  onError: (error) => toast.danger(errorMessage(error)),
                })
              }
            >
              Resend<span className="visually-hidden"> to {invitation.email}</span>
            </Button>
          )}
          {actions.revoke && (
            <ConfirmDialog
              triggerLabel="Revoke"
              triggerHint={invitation.email}
              triggerSize="small"
              title={`Revoke the invitation to ${invitation.email}?`}
              confirmLabel="Revoke"
              pending={revoke.isPending}
              onConfirm={(close) =>
                revoke.mutate(invitation.id, {
                  onSuccess: () => {
                    close()
                    toast.success(`The invitation to ${invitation.email} was revoked.`)
                  },
                  onError: (error) => {
                    close()
                    toast.danger(errorMessage(error))
                  },
                })
              }
            >
              <p>
                Its link stops working at once and its seat is free again. You can invite the address later.
              </p>
            </ConfirmDialog>
          )}
        </div>
      </td>
    </tr>
  )
}
