import { SignupConfirmPage } from '../../features/unsubscribe/signup-page'

/** `/subscribe/confirm?organizationId&contactId&topicId&keyId&signature` — the mailed double opt-in link. */
export function Component() {
  return <SignupConfirmPage />
}
