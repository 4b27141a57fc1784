import type { AuditFilters as Filters } from '@app/contracts'
import { useQuery } from '@tanstack/react-query'
import { SelectField } from '../../../components/ui/select-field'
import { TextField } from '../../../components/ui/text-field'
import { auditLogQueries } from '../api/audit-log'
import { ACTION_GROUPS } from '../audit-display'
import styles from './audit-log.module.css'

interface AuditFiltersProps {
  organizationId: string
  filters: Filters
  onChange: (filters: Filters) => void
}

/** Member, action (one, or an area's all) and days: each change reads the log again from its newest entry. */
export function AuditFilters({ organizationId, filters, onChange }: AuditFiltersProps) {
  const team = useQuery(auditLogQueries.team(organizationId))
  const members = team.data?.accounts ?? []
  const set = (key: keyof Filters, value: string) => {
    const next = { ...filters }
    if (value) next[key] = value
    else delete next[key]
    onChange(next)
  }
  const outOfOrder = Boolean(filters.from && filters.to && filters.from > filters.to)

  return (
    <fieldset className={styles.filters}>
      <legend className="visually-hidden">Filter the audit log</legend>
      <SelectField
        label="Member"
        value={filters.member ?? ''}
        onChange={(event) => set('member', event.target.value)}
        hint={team.isError ? 'The team could not be loaded: only everyone can be shown.' : undefined}
      >
        <option value="">Everyone</option>
        {members.map((member) => (
          <option key={member.accountId} value={member.accountId}>
            {member.name ? `${member.name} (${member.email})` : member.email}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Action"
        value={filters.action ?? ''}
        onChange={(event) => set('action', event.target.value)}
      >
        <option value="">All actions</option>
        {ACTION_GROUPS.map((group) => (
          <optgroup key={group.area} label={group.label}>
            <option value={group.area}>All of {group.label.toLowerCase()}</option>
            {group.actions.map((action) => (
              <option key={action.code} value={action.code}>
                {action.label}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <TextField
        label="From"
        type="date"
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(event) => set('from', event.target.value)}
        error={outOfOrder ? 'The first day is after the last.' : undefined}
      />
      <TextField
        label="To"
        type="date"
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(event) => set('to', event.target.value)}
      />
    </fieldset>
  )
}
