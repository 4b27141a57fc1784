import { AppError } from '../errors'
import { ClaimTaken, claimHolder, releaseClaim } from './account-claims.repo'
import * as Repo from './aws-accounts.repo'

function alreadyConnected(taken: ClaimTaken, holder: Repo.AwsConnectionRecord): AppError {
  const name = holder.name || 'Default'
  return new AppError(
    'aws_account.already_connected',
    `AWS account ${taken.awsAccountNumber} in ${taken.region} is already connected to this organization as '${name}'. Use that connection, or delete it first to connect the account another way.`,
    { awsAccount: { id: holder.id, name } },
  )
}

/**
 * Runs a write that takes the claim of an AWS account and region. When another connection holds it, the answer
 * is 409 `aws_account.already_connected` naming that connection; a claim left behind by a connection that no
 * longer reaches that account and region (a crash between a change and the release) is released and the write
 * tried again.
 */
export async function writeClaimed(write: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write()
    } catch (error) {
      if (!(error instanceof ClaimTaken)) throw error
      const { orgId, awsAccountNumber, region } = error
      const holderId = await claimHolder(orgId, awsAccountNumber, region)
      const holder = holderId ? await Repo.getConnection(orgId, holderId) : undefined
      const current =
        holder &&
        !holder.duplicateOf &&
        holder.awsAccountNumber === awsAccountNumber &&
        holder.region === region
      if (holder && current) throw alreadyConnected(error, holder)
      if (attempt >= 2) throw error
      if (holderId) await releaseClaim(orgId, awsAccountNumber, region, holderId)
    }
  }
}
