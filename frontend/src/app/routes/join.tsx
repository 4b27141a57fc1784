import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import {
  type LoaderFunctionArgs,
  redirect,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom'
import { accountQueries } from '../../features/account/api/account'
import { signOutOfThisBrowser } from '../../features/auth/api/session'
import { rememberCallback } from '../../features/auth/callback-cookie'
import { JoinInvitation } from '../../features/team/components/join-invitation'
import { configureAmplify, isSignedIn } from '../../lib/amplify'

/**
 * Spec §2: a signed-out visitor opening an invitation signs up first and comes back here afterwards (the callback
 * cookie); a signed-in one sees the invitation once the account has loaded.
 */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await configureAmplify()
    if (!(await isSignedIn())) throw redirect(rememberCallback(new URL(request.url)))
    await queryClient.ensureQueryData(accountQueries.current())
    return null
  }

export function Component() {
  const id = useParams()['*']?.split('/')[0]
  const [search] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // Signed out, the same link sends the visitor to sign-up (or sign-in from there) and back here.
  const switchAccount = async () => {
    await signOutOfThisBrowser()
    queryClient.clear()
    navigate(`${location.pathname}${location.search}`, { replace: true })
  }
  return (
    <JoinInvitation
      key={`${id}:${search.get('token')}`}
      id={id}
      token={search.get('token')}
      onSwitchAccount={switchAccount}
    />
  )
}
