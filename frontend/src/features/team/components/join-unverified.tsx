import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast-store'
import { useResendVerificationEmail } from '../../account/api/account'

/** Joining needs a verified address: the page waits for it (the account is read again) while the link is opened. */
export function UnverifiedEmail({ email }: { email: string }) {
  const resend = useResendVerificationEmail()
  return (
    <Alert
      tone="warning"
      title="Verify your email address to join"
      actions={
        <Button
          variant="secondary"
          size="small"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => toast.success(`We sent a new verification link to ${email}.`),
            })
          }
        >
          Resend verification email
        </Button>
      }
    >
      We sent a link to <strong>{email}</strong>. Open it (a new tab is fine); this page offers Accept as soon
      as the address is verified.
    </Alert>
  )
}
