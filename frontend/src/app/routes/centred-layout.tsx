import { CentredLayout } from '../../components/layouts/centred-layout'

/** Spec §2: paths containing /unsubscribe use the centred layout. */
export function Component() {
  return <CentredLayout />
}
