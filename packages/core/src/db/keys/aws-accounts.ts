/*
 * AWS connections (aws-accounts/).
 *
 * Item                 PK                      SK                         GSI1PK             GSI1SK
 * AWS connection       ORG#<orgId>             AWS_ACCOUNT#<id>           -                  -
 * AWS connection owner AWS_ACCOUNT#<id>        OWNER                      -                  -
 * AWS account claim    ORG#<orgId>             AWS_ACCOUNT_NUMBER#<awsAccountNumber>#<region>  -  -
 *
 *  9. An organization's AWS connections               T: Query PK=ORG#id, SK begins_with AWS_ACCOUNT#
 * 9b. A page of them, in connection order (ULIDs)     T: the same Query from the cursor's connection
 *     (the suppression sync's list)                      (ExclusiveStartKey), Limit limit+1, id/name/region only
 * 10. The organization of an AWS connection by id     E: GetItem AWS_ACCOUNT#id / OWNER (written with it)
 * 29. One connection per AWS account and region in an T: Put AWS_ACCOUNT_NUMBER#number#region (connectionId) with
 *     organization                                    attribute_not_exists OR connectionId = own id, in the same
 *                                                     transaction as the connection that learnt the number;
 *                                                     deleted with the connection or when its account/region changes
 *
 * The account claim makes "one connection per AWS account number and region" hold under races: its writer's
 * transaction fails when another connection of the organization holds it.
 */

export const AWS_ACCOUNT_PREFIX = 'AWS_ACCOUNT#'
export const awsAccountKey = (orgId: string, id: string) => ({
  PK: `ORG#${orgId}`,
  SK: `${AWS_ACCOUNT_PREFIX}${id}`,
})
export const awsAccountOwnerKey = (id: string) => ({ PK: `${AWS_ACCOUNT_PREFIX}${id}`, SK: 'OWNER' })
/** Not under AWS_ACCOUNT# (`AWS_ACCOUNT_NUMBER#` does not begin with it), so connection lists never see it. */
export const awsAccountClaimKey = (orgId: string, awsAccountNumber: string, region: string) => ({
  PK: `ORG#${orgId}`,
  SK: `AWS_ACCOUNT_NUMBER#${awsAccountNumber}#${region}`,
})
