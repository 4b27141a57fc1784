import { COMING_SOON_LABEL, isComingSoon, type Offering } from '@app/contracts'
import { Badge } from './badge'

/**
 * The mark next to something a plan sells that SES Studio does not do yet (contracts' COMING_SOON decides);
 * nothing once it is built.
 */
export function ComingSoon({ offering }: { offering: Offering }) {
  if (!isComingSoon(offering)) return null
  return <Badge>{COMING_SOON_LABEL}</Badge>
}
