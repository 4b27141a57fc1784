import { nameSortKey } from './shared'

/*
 * Templates (templates/): a head, its name claim, owner pointer, versions and chunked content.
 *
 * Item                 PK                      SK                         GSI1PK             GSI1SK
 * Template (head)      ORG#<orgId>             TEMPLATE#<id>              ORG#<orgId>#TEMPLATE  <name key>
 *                      (and GSI2PK=ORG#<orgId>#TEMPLATE, GSI2SK=<updatedAt>#<id>; see the list indexes in keys.ts)
 * Template name        ORG#<orgId>             TEMPLATE_NAME#<name>       -                  -
 * Template owner       TEMPLATE#<id>           OWNER                      -                  -
 * Template version     ORG#<orgId>             TEMPLATE_VERSION#<id>#<version, 8 digits>   -  -
 * Template content     ORG#<orgId>             TEMPLATE_CONTENT#<id>#<version>#<chunk, 2 digits>  -
 *
 * 15. The organization of a template by id            E: GetItem TEMPLATE#id / OWNER (written with it)
 * 16. An organization's templates, a page at a time   I: Query GSI1 GSI1PK=ORG#id#TEMPLATE (by name, case-insensitive)
 *     (list; `q` and `tag` as filter expressions)     or GSI2 GSI2PK=ORG#id#TEMPLATE (by updatedAt), either way,
 *                                                     from the cursor's position; tags: T: Query PK=ORG#id, SK
 *                                                     begins_with TEMPLATE# (heads only, small, counted in memory)
 * 17. A template's current content                    T: Query PK=ORG#id, SK begins_with TEMPLATE_CONTENT#id#ver#
 * 18. A template's versions, newest first             T: Query PK=ORG#id, SK begins_with TEMPLATE_VERSION#id#,
 *                                                     backwards
 * 19. Unique template names per organization          T: Put TEMPLATE_NAME#name with attribute_not_exists, in the
 *                                                     same transaction as the head (a rename deletes the old one)
 *
 * A template is a small head (what lists show, the current version number) plus, per version, a version item
 * (who saved what, when) and its content (source, HTML, text, sample data, lint; gzip-compressed JSON split into
 * chunks of at most 300 KB, since a template may reach 500 KB of source plus 500 KB of HTML and an item holds at
 * most 400 KB). Versions never change once written. Every save writes head + version + content (+ the START quota
 * on the organization profile) in one transaction, conditioned on the version the editor started from. Deleting
 * removes the head and the name item at once; the owner pointer, versions and content go in the purge worker.
 */

export const TEMPLATE_PREFIX = 'TEMPLATE#'
export const templateKey = (orgId: string, id: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${TEMPLATE_PREFIX}${id}`,
})
export const templateNameKey = (orgId: string, name: string) => ({
  PK: `ORG#${orgId}`,
  SK: `TEMPLATE_NAME#${name}`,
})
export const templateOwnerKey = (id: string) => ({ PK: `${TEMPLATE_PREFIX}${id}`, SK: 'OWNER' })
const paddedVersion = (version: number) => String(version).padStart(8, '0')
export const templateVersionPrefix = (id: string) => `TEMPLATE_VERSION#${id}#`
export const templateVersionKey = (orgId: string, id: string, version: number) => ({
  PK: `ORG#${orgId}`,
  SK: `${templateVersionPrefix(id)}${paddedVersion(version)}`,
})
export const templateContentPrefix = (id: string, version?: number) =>
  `TEMPLATE_CONTENT#${id}#${version === undefined ? '' : `${paddedVersion(version)}#`}`
export const templateContentKey = (orgId: string, id: string, version: number, chunk: number) => ({
  PK: `ORG#${orgId}`,
  SK: `${templateContentPrefix(id, version)}${String(chunk).padStart(2, '0')}`,
})
export const templateListPartition = (orgId: string) => `ORG#${orgId}#TEMPLATE`
export const templateListIndexes = (
  orgId: string,
  head: { id: string; name: string; updatedAt: string },
) => ({
  GSI1PK: templateListPartition(orgId),
  GSI1SK: nameSortKey(head.name, head.id),
  GSI2PK: templateListPartition(orgId),
  GSI2SK: `${head.updatedAt}#${head.id}`,
  /** What `q` searches (a part of the name, case-insensitive). */
  searchName: head.name.toLowerCase(),
})
