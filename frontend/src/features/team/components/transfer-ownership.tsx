import type { Role, TeamMember } from '@app/contracts'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import { useTransferOwnership } from '../api/team'
import { canTransferTo, memberName, withAddress } from '../team-display'

/** An owner hands the organization to another member and stays on as an admin. */
export function TransferOwnershipButton({
  organizationId,
  member,
  self,
  role,
}: {
  organizationId: string
  member: TeamMember
  self: boolean
  role: Role
}) {
  const transfer = useTransferOwnership(organizationId)
  if (!canTransferTo(role, member, self)) return null
  const name = memberName(member)
  return (
    <ConfirmDialog
      triggerLabel="Make owner"
      triggerHint={name}
      triggerSize="small"
      variant="primary"
      title={`Transfer ownership to ${name}?`}
      confirmLabel="Transfer ownership"
      pending={transfer.isPending}
      onConfirm={(close) =>
        transfer.mutate(
          { accountId: member.accountId },
          {
            onSuccess: () => {
              close()
              toast.success(`${name} now owns this organization; you are an admin.`)
            },
            onError: (error) => {
              close()
              toast.danger(errorMessage(error))
            },
          },
        )
      }
    >
      <p>
        {withAddress(member)} becomes an owner: they can delete the organization and change anyone’s role. You
        stay on as an admin, so only an owner can give you ownership back.
      </p>
    </ConfirmDialog>
  )
}
