import type { InvitableRole, OrganizationSummary } from '@app/contracts'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Dialog, DialogFooter } from '../../../components/ui/dialog'
import { SelectField } from '../../../components/ui/select-field'
import { TextAreaField } from '../../../components/ui/text-area-field'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage, isApiError } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { usePermission } from '../../account/use-permission'
import { roleLabel } from '../../organizations/organization-display'
import { useInviteMembers } from '../api/team'
import { emailListProblem, parseEmailList } from '../team-display'
import styles from './team.module.css'

/** Invite one or several addresses with one role; each gets its own emailed link. */
export function InviteDialog({
  organization,
  open,
  onClose,
}: {
  organization: OrganizationSummary
  open: boolean
  onClose: () => void
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Invite members">
      <InviteForm organization={organization} onClose={onClose} />
    </Dialog>
  )
}

function InviteForm({ organization, onClose }: { organization: OrganizationSummary; onClose: () => void }) {
  const invite = useInviteMembers(organization.id)
  const canUpgrade = usePermission('billing.manage', organization.id)
  const [addresses, setAddresses] = useState('')
  const [role, setRole] = useState<InvitableRole>('MEMBER')
  const [problem, setProblem] = useState<string>()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const list = parseEmailList(addresses)
    const found = emailListProblem(list)
    setProblem(found)
    if (found) return
    invite.mutate(
      { emails: list.emails, role },
      {
        onSuccess: ({ invitations }) => {
          toast.success(
            invitations.length === 1
              ? `Invitation sent to ${invitations[0]?.email}.`
              : `${invitations.length} invitations sent.`,
          )
          onClose()
        },
      },
    )
  }

  const seatLimit = isApiError(invite.error, 'team.seat_limit')
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Invite members">
      <TextAreaField
        label="Email addresses"
        hint="One or more, separated by commas, spaces or lines (at most 20). Each gets its own link, valid for 7 days."
        value={addresses}
        onChange={(event) => setAddresses(event.target.value)}
        error={problem}
        rows={3}
        autoFocus
      />
      <SelectField
        label="Role"
        value={role}
        onChange={(event) => setRole(event.target.value as InvitableRole)}
      >
        {(['MEMBER', 'ADMIN'] as const).map((choice) => (
          <option key={choice} value={choice}>
            {roleLabel(choice)}
          </option>
        ))}
      </SelectField>
      <p className={styles.muted}>
        {role === 'ADMIN'
          ? 'Admins do everything but delete the organization or hand over its ownership: they invite and remove members, manage AWS accounts, API keys, webhooks and billing, and send campaigns.'
          : 'Members edit and publish templates, manage contacts and draft campaigns; sending a campaign and managing AWS accounts, keys and billing stay with owners and admins.'}
      </p>
      {invite.isError && (
        <Alert
          tone="danger"
          role="alert"
          title={seatLimit ? 'No seat left on this plan' : 'No invitation was sent'}
          actions={
            seatLimit && canUpgrade ? (
              <ButtonLink to={paths.planChooser()} size="small" variant="secondary">
                Upgrade the plan
              </ButtonLink>
            ) : undefined
          }
        >
          {errorMessage(invite.error)}
        </Alert>
      )}
      <DialogFooter onCancel={onClose} pending={invite.isPending}>
        <Button type="submit" loading={invite.isPending}>
          Send invitations
        </Button>
      </DialogFooter>
    </form>
  )
}
