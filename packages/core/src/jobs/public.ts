/**
 * What other domains may use of the jobs domain's storage (its repository stays private to this folder; the
 * boundaries lint rule enforces it): the records job handlers receive and return, and the list of an
 * organization's jobs. Jobs are started with `startJob` in `jobs.ts`, run by `run.ts`;
 * a handler re-checks who started the job with `requireJobPrincipal` (`principal.ts`).
 */

/** How long a throttled SES call waits before trying again (full jitter). */
export { throttleBackoff } from './backoff'
/** The jobs' settings (pacing, slice length), read once from the environment. */
export { jobsEnv } from './env'
/** Starting and reading jobs (`Jobs.…` in the functions). */
export * as Jobs from './jobs'
export { getJob, startJob } from './jobs'
/** The records job handlers receive and return, and the list of an organization's jobs. */
export { type ItemProgress, type ItemResult, type JobItemRecord, type JobRecord, listJobs } from './jobs.repo'
/** The per-account pace of SES control-plane calls, shared by every worker. */
export { holdSlots, type PaceKey, SliceTimeUp, takeSlot } from './pacer'
/** Who started a job, re-checked when it runs (an API key through the lookup the api-keys domain hands in). */
export { requireJobPrincipal, useApiKeyLookup } from './principal'
/** The job runner (`JobRunner.…` in the jobs worker) and the handler shapes each job kind implements. */
export type { ItemContext, JobEndStatus, JobHandlers, JobKindHandler } from './run'
export * as JobRunner from './run'
/** The send limiter's arithmetic: a lease's plan and its longest length. */
export { leasePlan, MAX_LEASE } from './send-bucket'
/** The shared send limiter: the customer account's MaxSendRate and daily quota, leased by every sender. */
export { cachedSendQuota, holdSends, leaseSendTokens, pacedShare, sleepUntil } from './send-limiter'
