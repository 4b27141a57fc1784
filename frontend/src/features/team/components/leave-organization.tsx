import { useNavigate } from 'react-router-dom'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import { paths } from '../../../lib/paths'
import { useLeaveOrganization } from '../api/team'
import styles from './team.module.css'

/** Any member may leave; the last owner is refused by the server, which says to transfer ownership first. */
export function LeaveOrganization({ organizationId, name }: { organizationId: string; name: string }) {
  const leave = useLeaveOrganization(organizationId)
  const navigate = useNavigate()
  return (
    <section className={styles.section} aria-labelledby="team-leave">
      <h2 id="team-leave">Leave this organization</h2>
      <p className={styles.muted}>
        You lose access to {name} at once; the app opens your next organization. An owner can invite you
        again.
      </p>
      <div>
        <ConfirmDialog
          triggerLabel="Leave organization"
          title={`Leave ${name}?`}
          confirmLabel="Leave"
          pending={leave.isPending}
          onConfirm={(close) =>
            leave.mutate(undefined, {
              onSuccess: () => {
                close()
                toast.success(`You left ${name}.`)
                navigate(paths.dashboard(), { replace: true })
              },
              onError: (error) => {
                close()
                toast.danger(errorMessage(error))
              },
            })
          }
        >
          <p>
            Its templates, audience and campaigns stay with the organization. If you are its last owner, make
            someone else the owner first.
          </p>
        </ConfirmDialog>
      </div>
    </section>
  )
}
