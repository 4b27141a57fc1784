/**
 * Every address of the dashboard (`/app/…`): links, redirects, navigation and the route table use these instead of
 * string literals. They live in contracts (`app-paths.ts`) so the server's mails and Stripe's return addresses are
 * built by the same functions; this module keeps the app's names for them.
 */
export { appPaths as paths, PLAN_CHOOSER_PARAM } from '@app/contracts'
