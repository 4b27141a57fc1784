import type { Role } from '@app/contracts'
import { ROLE_TABLE, ROLE_TABLE_ROLES, roleAllows } from '@app/contracts/teams/role-table'
import { roleLabel } from '../../organizations/organization-display'
import styles from './team.module.css'

/** What each role allows (contracts' table, the rules the API enforces), the caller's own role marked. */
export function RoleTable({ myRole }: { myRole: Role }) {
  return (
    <section className={styles.section} aria-labelledby="team-roles">
      <div>
        <h2 id="team-roles">What each role allows</h2>
        <p className={styles.muted}>
          You are {myRole === 'MEMBER' ? 'a' : 'an'} {roleLabel(myRole).toLowerCase()} of this organization.
          Every member sees its templates, audience, campaigns and reports.
        </p>
      </div>
      <div className={styles.tableWrap}>
        <table className={`${styles.table} ${styles.matrix}`}>
          <caption className="visually-hidden">What owners, admins and members may do</caption>
          <thead>
            <tr>
              <th scope="col">Action</th>
              {ROLE_TABLE_ROLES.map((role) => (
                <th key={role} scope="col" className={role === myRole ? styles.ownColumn : undefined}>
                  {roleLabel(role)}
                  {role === myRole && <span className="visually-hidden"> (your role)</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROLE_TABLE.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {ROLE_TABLE_ROLES.map((role) => (
                  <td key={role} className={role === myRole ? styles.ownColumn : undefined}>
                    {roleAllows(role, row) ? (
                      <span className={styles.yes}>
                        <span aria-hidden="true">✓</span>
                        <span className="visually-hidden">Allowed</span>
                      </span>
                    ) : (
                      <span className={styles.no}>
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">Not allowed</span>
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
