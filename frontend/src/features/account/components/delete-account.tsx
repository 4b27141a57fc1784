import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast-store'
import { useDeleteAccount } from '../api/account'

/** Deletes the account and its sign-in, then leaves this browser signed out. */
export function DeleteAccountButton({ email, signOut }: { email: string; signOut: () => Promise<void> }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const remove = useDeleteAccount()

  return (
    <ConfirmDialog
      triggerLabel="Delete account"
      title="Delete your account?"
      confirmLabel="Delete my account"
      typedConfirmation={email}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: async () => {
            // The user no longer exists, so ending the local session cannot fail in a way that matters.
            await signOut().catch(() => undefined)
            queryClient.clear()
            toast.success('Your account was deleted.')
            navigate('/auth/sign-in', { replace: true })
          },
        })
      }
    >
      <p>
        This deletes your sign-in and your personal data right away. Organizations you alone own are deleted
        with everything in them; organizations shared with other owners stay with them.
      </p>
      <p>This cannot be undone.</p>
    </ConfirmDialog>
  )
}
