import { useSuspenseQuery } from '@tanstack/react-query'
import styles from '../../../components/layouts/page.module.css'
import { Card } from '../../../components/ui/card'
import { accountQueries } from '../../../features/account/api/account'
import { DeleteAccountButton } from '../../../features/account/components/delete-account'
import { ProfileForm } from '../../../features/account/components/profile-form'
import { signOutOfThisBrowser } from '../../../features/auth/api/session'

export function Component() {
  const { data: account } = useSuspenseQuery(accountQueries.current())
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Settings</h1>
        <p className={styles.lead}>Your personal details. Organization settings are separate.</p>
      </header>
      <Card title="Profile">
        <ProfileForm account={account} />
      </Card>
      <Card
        tone="danger"
        title="Delete account"
        description="Removes your sign-in and personal data, and the organizations only you own."
      >
        <DeleteAccountButton email={account.email} signOut={signOutOfThisBrowser} />
      </Card>
    </div>
  )
}
