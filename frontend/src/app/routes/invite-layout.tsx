import { AuthLayout } from '../../components/layouts/auth-layout'

/** Spec §2: /join and the price-change notice share the invite frame (the bare one, with the logo). */
export function Component() {
  return <AuthLayout />
}
