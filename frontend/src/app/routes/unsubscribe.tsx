import { UnsubscribePage } from '../../features/unsubscribe/unsubscribe-page'

/** `/unsubscribe?organizationId&contactId&topicId&campaignId&keyId&signature` — public, no sign-in. */
export function Component() {
  return <UnsubscribePage />
}
