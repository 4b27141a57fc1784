/**
 * What other domains may use of SES sync's publication records (its repository stays private to this folder; the
 * boundaries lint rule enforces it): whether a template is published to an AWS account and region.
 */

/** Templates changed in SES since they were published (`SesDrift.…` in the ses-sync function). */
export * as SesDrift from './drift'
export { getPublication, type PublicationTarget, targetOf } from './publications.repo'
/** Publishing one template to SES (the block propagation re-publishes with it). */
export { publishTemplate } from './publish'
/** The SES client and pacing a job uses in a customer's account. */
export { type SesJobContext, sesContextFor } from './ses-context'
/** SES sync's jobs (`SesJobs.…` in the jobs worker). */
export * as SesJobs from './ses-jobs'
/** SES sync's services (`SesSync.…` in the ses-sync function). */
export * as SesSync from './ses-sync'
