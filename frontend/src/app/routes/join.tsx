import { type LoaderFunctionArgs, redirect } from 'react-router-dom'
import { AuthCard } from '../../components/layouts/auth-layout'
import { Alert } from '../../components/ui/alert'
import { ButtonLink } from '../../components/ui/button'
import { rememberCallback } from '../../features/auth/callback-cookie'
import { configureAmplify, isSignedIn } from '../../lib/amplify'
import { paths } from '../../lib/paths'

/** Spec §2: a signed-out visitor opening an invitation signs up first and comes back here afterwards. */
export const clientLoader =
  () =>
  async ({ request }: LoaderFunctionArgs) => {
    await configureAmplify()
    if (!(await isSignedIn())) throw redirect(rememberCallback(new URL(request.url)))
    return null
  }

export function Component() {
  return (
    <AuthCard title="Join an organization">
      <Alert tone="info" title="No invitation to accept here yet">
        Team invitations arrive with team management. Until then, ask an owner to add you once it is
        available.
      </Alert>
      <ButtonLink to={paths.dashboard()} block>
        Go to dashboard
      </ButtonLink>
    </AuthCard>
  )
}
