/**
 * What other domains may use of the templates domain's storage (its repository stays private to this folder; the
 * boundaries lint rule enforces it). Reads only: template heads are written by templates' own functions.
 */

/** The reusable blocks' services (`Blocks.…` in the functions). */
export * as Blocks from './blocks'
/** A template's content built into SES's subject, HTML and text (publishing, test sends, campaigns). */
export { buildTemplate } from './build'
/** Deleting templates (`TemplateDeletion.…` in the templates function). */
export * as TemplateDeletion from './delete'
/** A template version's email as the send engine renders it. */
export { loadEmail } from './email'
/** The templates list (`TemplateList.…` in the templates function). */
export * as TemplateList from './list'
export { getContent } from './template-versions.repo'
/** The templates' services (`Templates.…` in the functions), and what other domains need to write a version. */
export * as Templates from './templates'
export { commitVersion, fieldsOf, readContent, templateNotFound, versionConflict } from './templates'
export { getHead, getHeads, listHeads, type TemplateHead, templateIdByName } from './templates.repo'
/** Test sends (`TestSends.…` in the templates function) and the verified senders they may use. */
export * as TestSends from './test-send'
export { senderFor, verifiedSenders } from './test-send'
/** Template versions and their history (`TemplateVersions.…`), and the line diff SES review shows. */
export * as TemplateVersions from './versions'
export { lineDiff } from './versions'
