/**
 * What other domains may use of SES sync's publication records (its repository stays private to this folder; the
 * boundaries lint rule enforces it): whether a template is published to an AWS account and region.
 */
export { getPublication, type PublicationTarget, targetOf } from './publications.repo'
