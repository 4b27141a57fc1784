import type { Role, TeamMember } from '@app/contracts'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { SelectableTable } from '../../../components/ui/selectable-table'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api-error'
import { initialsOf } from '../../account/account-display'
import { roleLabel } from '../../organizations/organization-display'
import { useChangeMemberRole, useRemoveMember, useRemoveMembers } from '../api/team'
import { canRemoveMember, dateText, memberName, roleChoices, withAddress } from '../team-display'
import styles from './team.module.css'
import { TransferOwnershipButton } from './transfer-ownership'

interface MembersProps {
  organizationId: string
  members: readonly TeamMember[]
  /** The signed-in account: its role decides what is offered, its row says "You". */
  me: { accountId: string; role: Role }
  stale: boolean
}

type Row = TeamMember & { id: string }

/** The organization's members (spec §3's `accounts`), with what the caller's role may do to each. */
export function MembersSection({ organizationId, members, me, stale }: MembersProps) {
  const rows: Row[] = members.map((member) => ({ ...member, id: member.accountId }))
  const selectable = rows.filter((row) => canRemoveMember(me.role, row, row.id === me.accountId))
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [refusal, setRefusal] = useState<string>()
  const chosen = rows.filter((row) => selected.has(row.id))
  const cells = (row: Row) => <MemberCells organizationId={organizationId} member={row} me={me} />
  const columns = (
    <>
      <th scope="col">Member</th>
      <th scope="col">Role</th>
      <th scope="col">Joined</th>
      <th scope="col">
        <span className="visually-hidden">Actions</span>
      </th>
    </>
  )

  return (
    <section className={styles.section} aria-labelledby="team-members">
      <div className={styles.sectionHeader}>
        <h2 id="team-members">Members</h2>
        {selectable.length > 0 && (
          <RemoveSelected
            organizationId={organizationId}
            members={chosen}
            onRemoved={() => setSelected(new Set())}
            onRefused={setRefusal}
          />
        )}
      </div>
      {refusal && (
        <Alert tone="danger" title="No one was removed" role="alert">
          {refusal}
        </Alert>
      )}
      {selectable.length > 0 ? (
        <SelectableTable
          rows={rows}
          selected={selected}
          onSelect={setSelected}
          canSelect={(row) => selectable.includes(row)}
          toggleAll={(allSelected) => new Set(allSelected ? [] : selectable.map((row) => row.id))}
          stale={stale}
          caption="Members of this organization; select members to remove them together."
          classes={{ ...styles, table: `${styles.table} ${styles.cards}` }}
          selectAllLabel="Select every member you may remove"
          selectAllText={{ text: 'Select all', className: undefined, textClassName: styles.selectAllText }}
          rowLabel={(row) => memberName(row)}
          columns={columns}
          cells={cells}
        />
      ) : (
        <div className={stale ? `${styles.tableWrap} ${styles.stale}` : styles.tableWrap}>
          <table className={`${styles.table} ${styles.cards} ${styles.plain}`}>
            <caption className="visually-hidden">Members of this organization</caption>
            <thead>
              <tr>{columns}</tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>{cells(row)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

export function Avatar({ person }: { person: Pick<TeamMember, 'email' | 'name' | 'picture'> }) {
  return (
    <span className={styles.avatar} aria-hidden="true">
      {person.picture ? (
        <img src={person.picture} alt="" />
      ) : (
        initialsOf({ email: person.email, name: person.name ?? undefined })
      )}
    </span>
  )
}

function MemberCells({
  organizationId,
  member,
  me,
}: {
  organizationId: string
  member: Row
  me: MembersProps['me']
}) {
  const self = member.id === me.accountId
  return (
    <>
      <th scope="row">
        <span className={styles.person}>
          <Avatar person={member} />
          <span className={styles.who}>
            <span className={styles.name}>
              {memberName(member)} {self && <Badge color="blue">You</Badge>}
            </span>
            {member.name && <span className={styles.muted}>{member.email}</span>}
          </span>
        </span>
      </th>
      <td>
        <RoleCell organizationId={organizationId} member={member} choices={roleChoices(me.role, member)} />
      </td>
      <td className={styles.nowrap}>
        <span className="visually-hidden">Joined </span>
        {dateText(member.joinedAt)}
      </td>
      <td>
        <div className={styles.actions}>
          <TransferOwnershipButton
            organizationId={organizationId}
            member={member}
            self={self}
            role={me.role}
          />
          {canRemoveMember(me.role, member, self) && (
            <RemoveMember organizationId={organizationId} member={member} />
          )}
        </div>
      </td>
    </>
  )
}

function RoleCell({
  organizationId,
  member,
  choices,
}: {
  organizationId: string
  member: TeamMember
  choices: readonly Role[]
}) {
  const change = useChangeMemberRole(organizationId)
  if (choices.length === 0) return <>{roleLabel(member.role)}</>
  return (
    <select
      className={styles.roleSelect}
      aria-label={`Role of ${memberName(member)}`}
      value={member.role}
      disabled={change.isPending}
      onChange={(event) =>
        change.mutate(
          { memberId: member.accountId, body: { role: event.target.value as Role } },
          {
            onSuccess: (updated) =>
              toast.success(`${memberName(updated)} is now ${roleLabel(updated.role).toLowerCase()}.`),
            onError: (error) => toast.danger(errorMessage(error)),
          },
        )
      }
    >
      {choices.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </select>
  )
}

function RemoveMember({ organizationId, member }: { organizationId: string; member: TeamMember }) {
  const remove = useRemoveMember(organizationId)
  const name = memberName(member)
  return (
    <ConfirmDialog
      triggerLabel="Remove"
      triggerHint={name}
      triggerSize="small"
      title={`Remove ${name}?`}
      confirmLabel="Remove"
      pending={remove.isPending}
      onConfirm={(close) =>
        remove.mutate(member.accountId, {
          onSuccess: () => {
            close()
            toast.success(`${name} was removed from the organization.`)
          },
          onError: (error) => {
            close()
            toast.danger(errorMessage(error))
          },
        })
      }
    >
      <p>
        {withAddress(member)} loses access to this organization at once: its templates, audience, campaigns
        and AWS accounts. What they made stays. You can invite them again later.
      </p>
    </ConfirmDialog>
  )
}

function RemoveSelected({
  organizationId,
  members,
  onRemoved,
  onRefused,
}: {
  organizationId: string
  members: readonly TeamMember[]
  onRemoved: () => void
  /** The server's refusal (who cannot be removed and why), or undefined when a new try starts. */
  onRefused: (message: string | undefined) => void
}) {
  const remove = useRemoveMembers(organizationId)
  return (
    <div className={styles.toolbar}>
      <ConfirmDialog
        triggerLabel={members.length > 0 ? `Remove selected (${members.length})` : 'Remove selected'}
        triggerSize="small"
        disabled={members.length === 0}
        title={`Remove ${members.length} ${members.length === 1 ? 'member' : 'members'}?`}
        confirmLabel="Remove all of them"
        pending={remove.isPending}
        onConfirm={(close) => {
          onRefused(undefined)
          remove.mutate(
            { accountIds: members.map((member) => member.accountId) },
            {
              onSuccess: () => {
                close()
                toast.success(
                  `${members.length} ${members.length === 1 ? 'member was' : 'members were'} removed.`,
                )
                onRemoved()
              },
              onError: (error) => {
                close()
                onRefused(errorMessage(error))
              },
            },
          )
        }}
      >
        <p>They lose access to this organization at once. Either all of them are removed, or none:</p>
        <ul>
          {members.map((member) => (
            <li key={member.accountId}>{withAddress(member)}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </div>
  )
}
