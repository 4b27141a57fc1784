import { listTopics } from '../audience/public'
import {
  type AwsConnectionRecord,
  assertVerified,
  customerSes,
  getConnection,
  toCustomerAwsError,
} from '../aws-accounts/public'
import { AppError } from '../errors'
import { getHead, senderFor, verifiedSenders } from '../templates/public'
import type { CampaignRecord } from './model'

/** The organization's verified AWS connection (404 for another organization's id, 409 while unverified). */
export async function campaignConnection(orgId: string, awsAccountId: string): Promise<AwsConnectionRecord> {
  const connection = await getConnection(orgId, awsAccountId)
  if (!connection) throw new AppError('aws_account.not_found', 'No such AWS account.')
  return assertVerified(connection)
}

/** Whether the account may send from `fromEmail` (a verified address, or an address at a verified domain). */
export async function assertSender(connection: AwsConnectionRecord, fromEmail: string): Promise<void> {
  let senders: Awaited<ReturnType<typeof verifiedSenders>>
  try {
    senders = await verifiedSenders(await customerSes(connection))
  } catch (error) {
    throw toCustomerAwsError(error, 'list the account’s email identities')
  }
  senderFor(senders, fromEmail)
}

/**
 * Checks what an edit or a new campaign names: the AWS account (verified), the sender (a verified identity of
 * that account, asked of SES only when the account or the sender changes), the template and the topics (the
 * organization's, not being deleted). Throws the first problem found.
 */
export async function checkReferences(
  before: CampaignRecord | null,
  after: Pick<CampaignRecord, 'orgId' | 'awsAccountId' | 'sender' | 'templateId' | 'topicIds'>,
): Promise<void> {
  const accountChanged = before?.awsAccountId !== after.awsAccountId
  const connection = accountChanged ? await campaignConnection(after.orgId, after.awsAccountId) : null
  if (after.sender && (accountChanged || before?.sender?.fromEmail !== after.sender.fromEmail)) {
    await assertSender(
      connection ?? (await campaignConnection(after.orgId, after.awsAccountId)),
      after.sender.fromEmail,
    )
  }
  if (after.templateId && after.templateId !== before?.templateId) {
    if (!(await getHead(after.orgId, after.templateId))) {
      throw new AppError('template.not_found', 'No such template.')
    }
  }
  const added = after.topicIds.filter((id) => !before?.topicIds.includes(id))
  if (added.length > 0) {
    const topics = new Map((await listTopics(after.orgId)).map((topic) => [topic.id, topic]))
    const missing = added.find((id) => !topics.get(id) || topics.get(id)?.deleting)
    if (missing) throw new AppError('topic.not_found', `No such topic: ${missing}.`)
  }
}
