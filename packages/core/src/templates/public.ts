/**
 * What other domains may use of the templates domain's storage (its repository stays private to this folder; the
 * boundaries lint rule enforces it). Reads only: template heads are written by templates' own functions.
 */
export { getContent } from './template-versions.repo'
export { getHead, getHeads, listHeads, type TemplateHead, templateIdByName } from './templates.repo'
