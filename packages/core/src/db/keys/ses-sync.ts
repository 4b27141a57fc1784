/*
 * Publication of templates to SES (ses-sync/).
 *
 * Item                 PK                      SK                         GSI1PK             GSI1SK
 * SES publication      ORG#<orgId>             SES_PUB#<awsAccountNumber>#<region>#<templateId>  -  -
 *   (until migrated:   ORG#<orgId>             SES_PUB#<awsId>#<templateId>, per connection; see migrations/)
 *
 * 23. An AWS account's publication records (SES list)  T: Query PK=ORG#id, SK begins_with SES_PUB#number#region#
 *     (per AWS account number and region, whichever connection reaches it)
 *
 * A publication record links a template to an SES template of one AWS account and region (SES name, version and
 * fingerprint published, fingerprint last seen in SES): it belongs to the AWS account number and region, not to
 * the connection record, so a reconnected or merged account keeps it.
 */

export const SES_PUB_PREFIX = 'SES_PUB#'
export const sesPublicationPrefix = (awsAccountNumber: string, region: string) =>
  `${SES_PUB_PREFIX}${awsAccountNumber}#${region}#`
export const sesPublicationKey = (
  orgId: string,
  awsAccountNumber: string,
  region: string,
  templateId: string,
) => ({
  PK: `ORG#${orgId}`,
  SK: `${sesPublicationPrefix(awsAccountNumber, region)}${templateId}`,
})
/** How publication records were keyed before they moved to the account and region (read only by migrations). */
export const legacySesPublicationPrefix = (connectionId: string) => `${SES_PUB_PREFIX}${connectionId}#`
