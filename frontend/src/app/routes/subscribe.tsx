import { SignupPage } from '../../features/unsubscribe/signup-page'

/** `/subscribe/:organizationId/:topicId` — a topic's hosted signup page; public, no sign-in. */
export function Component() {
  return <SignupPage />
}
