/**
 * What other domains and the functions use of the purge: starting one, running its passes, and its reactions to
 * events. Each domain's purge declaration stays in its own `purge.ts`, collected by `purge-registry.ts`.
 */
/** The organization purge (`Purge.…` in the purge worker) and the message that starts one. */
export * as Purge from './purge'
export { enqueuePurge } from './purge'
/** The purge's reactions to an organization or an AWS connection going (collected in `event-subscribers.ts`). */
export { purgeAwsAccountSubscribers, purgeOrganizationSubscribers } from './subscribers'
