/*
 * Audience imports and exports (audience/import, audience/export).
 *
 * Item                 PK                      SK                         GSI1PK             GSI1SK
 * Contact import       ORG#<orgId>             CONTACT_IMPORT#<id>        -                  -   (TTL; its file,
 *                                                                         checkpoint pieces and invalid rows in S3)
 * Contact export       ORG#<orgId>             CONTACT_EXPORT#<id>        -                  -   (TTL)
 *
 * T1. A contact import's status, counts and          T: GetItem ORG#id / CONTACT_IMPORT#id (the id is the upload's,
 *     checkpoint (audience/import)                    so one upload starts one import: Put attribute_not_exists);
 *                                                     the worker's lease and each checkpoint are UpdateItems
 *                                                     conditioned on its lease and the checkpoint it resumed from
 * T2. A contact export's status and file              T: GetItem ORG#id / CONTACT_EXPORT#id
 */

export const CONTACT_IMPORT_PREFIX = 'CONTACT_IMPORT#'
export const contactImportKey = (orgId: string, id: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${CONTACT_IMPORT_PREFIX}${id}`,
})
export const CONTACT_EXPORT_PREFIX = 'CONTACT_EXPORT#'
export const contactExportKey = (orgId: string, id: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${CONTACT_EXPORT_PREFIX}${id}`,
})
