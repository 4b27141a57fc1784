import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast-store'
import { useResendVerificationEmail } from '../api/account'

export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerificationEmail()
  return (
    <Alert
      tone="warning"
      title="Verify your email address"
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
      We sent a link to <strong>{email}</strong>. Open it to confirm the address is yours.
    </Alert>
  )
}
