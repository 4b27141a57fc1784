import type { Team } from '@app/contracts'
import { Alert } from '../../../components/ui/alert'
import { ButtonLink } from '../../../components/ui/button'
import { paths } from '../../../lib/paths'
import { usePermission } from '../../account/use-permission'
import { seatState, seatText } from '../team-display'
import styles from './team.module.css'

/** The plan's seats: members (pending invitations count) and AWS accounts, with the upgrade when they run out. */
export function SeatsSummary({ organizationId, seats }: { organizationId: string; seats: Team['seats'] }) {
  const canUpgrade = usePermission('billing.manage', organizationId)
  const members = seatState(seats.members)
  const awsAccounts = seatState(seats.awsAccounts)
  const over = members === 'over' || awsAccounts === 'over'
  const full = members !== 'free'
  return (
    <section className={styles.section} aria-labelledby="team-seats">
      <h2 id="team-seats" className="visually-hidden">
        Seats
      </h2>
      <dl className={styles.seats}>
        <div className={styles.seat}>
          <dt>Members (pending invitations count)</dt>
          <dd>{seatText(seats.members, 'member')}</dd>
        </div>
        <div className={styles.seat}>
          <dt>Connected AWS accounts</dt>
          <dd>{seatText(seats.awsAccounts, 'AWS account')}</dd>
        </div>
      </dl>
      {(over || full) && (
        <Alert
          tone={over ? 'warning' : 'info'}
          title={over ? 'This organization is over its plan’s limits' : 'Every member seat is taken'}
          actions={
            canUpgrade ? (
              <ButtonLink to={paths.planChooser()} size="small" variant="secondary">
                Upgrade the plan
              </ButtonLink>
            ) : undefined
          }
        >
          {over
            ? 'Everyone and everything stays, but no one new can join and no AWS account can be added until the plan has room.'
            : 'Inviting someone else needs a plan with more members, or a seat freed by removing a member or revoking an invitation.'}
          {!canUpgrade && ' Ask an owner or admin to upgrade the plan.'}
        </Alert>
      )}
    </section>
  )
}
