import type { Account } from '@app/contracts'
import { AuthCard, AuthLayout } from '../../../components/layouts/auth-layout'
import { Alert } from '../../../components/ui/alert'
import { ButtonLink } from '../../../components/ui/button'
import styles from './account.module.css'
import { DeleteAccountButton } from './delete-account'

/** `hasAccessToPlatform: false`: the API refuses everything but reading and deleting the account, so say so. */
export function SuspendedAccount({ account, signOut }: { account: Account; signOut: () => Promise<void> }) {
  return (
    <AuthLayout>
      <AuthCard title="Your account is suspended" subtitle={`Signed in as ${account.email}`}>
        <Alert tone="warning" title="SES Studio is not available to this account">
          An operator has suspended access, so your templates, contacts and campaigns cannot be opened or
          changed. Nothing has been deleted.
        </Alert>
        <p className={styles.muted}>
          If you think this is a mistake, contact the people who run this SES Studio installation. You can
          also sign out, or delete your account and its data.
        </p>
        <div className={styles.actions}>
          <ButtonLink to="/auth/logout" variant="secondary">
            Sign Out
          </ButtonLink>
          <DeleteAccountButton email={account.email} signOut={signOut} />
        </div>
      </AuthCard>
    </AuthLayout>
  )
}
