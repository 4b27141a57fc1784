/**
 * What other domains may use of the jobs domain's storage (its repository stays private to this folder; the
 * boundaries lint rule enforces it): the records job handlers receive and return, and the list of an
 * organization's jobs. Jobs are started with `startJob` in `jobs.ts`, run by `run.ts`;
 * a handler re-checks who started the job with `requireJobPrincipal` (`principal.ts`).
 */
export { type ItemProgress, type ItemResult, type JobItemRecord, type JobRecord, listJobs } from './jobs.repo'
