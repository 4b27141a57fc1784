import type { ReactNode } from 'react'
import styles from '../../../components/layouts/page.module.css'
import { Alert } from '../../../components/ui/alert'
import { ButtonLink } from '../../../components/ui/button'
import { paths } from '../../../lib/paths'

/** An organization page opened while no organization is selected: its title and where to pick one. */
export function NoOrganizationPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{title}</h1>
      </header>
      <NoOrganizationAlert>{children}</NoOrganizationAlert>
    </div>
  )
}

export function NoOrganizationAlert({ children }: { children?: ReactNode }) {
  return (
    <Alert
      tone="info"
      title="No organization selected"
      actions={<ButtonLink to={paths.dashboard()}>Choose one on the dashboard</ButtonLink>}
    >
      {children}
    </Alert>
  )
}
