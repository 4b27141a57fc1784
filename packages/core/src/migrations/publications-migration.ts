import { SES_PUB_PREFIX, sesPublicationKey } from '../db/keys'
import { deleteItem, organizationItems, putPublicationUnlessNewer } from './migrations.repo'

interface Connection {
  id: string
  region: string
  awsAccountNumber?: string
}

export interface PublicationsMoved {
  moved: number
  /** Records of connections that no longer exist (their purge would remove them). */
  dropped: number
  /** Records of connections whose AWS account number is still unknown (never verified since). */
  left: number
}

const ACCOUNT_NUMBER = /^\d{12}$/

/**
 * Moves publication records written per connection (`SES_PUB#<connectionId>#<templateId>`) to their AWS account
 * and region (`SES_PUB#<number>#<region>#<templateId>`). Where two connections to one account and region both
 * hold a record of a template, the one published last wins: it is what SES was last given. The new item is
 * written before the old one is deleted, and never over a newer record, so readers and concurrent publishes lose
 * nothing. Safe to repeat.
 */
export async function movePublicationsToAccounts(
  orgId: string,
  connections: Connection[],
  /** All the organization's connections are listed: records of others belong to deleted ones. */
  { complete }: { complete: boolean } = { complete: true },
): Promise<PublicationsMoved> {
  const byId = new Map(connections.map((connection) => [connection.id, connection]))
  const items = await organizationItems(orgId, SES_PUB_PREFIX)
  const result: PublicationsMoved = { moved: 0, dropped: 0, left: 0 }
  for (const item of items) {
    const owner = String(item.SK).slice(SES_PUB_PREFIX.length).split('#')[0] ?? ''
    if (ACCOUNT_NUMBER.test(owner)) continue
    const connection = byId.get(owner)
    if (!connection && !complete) continue
    if (connection && !connection.awsAccountNumber) {
      result.left++
      continue
    }
    if (connection?.awsAccountNumber) {
      const { PK: _pk, SK: _sk, awsAccountId: _connection, ...record } = item
      const templateId = String(record.templateId)
      await putPublicationUnlessNewer({
        ...record,
        ...sesPublicationKey(orgId, connection.awsAccountNumber, connection.region, templateId),
        entity: 'SesPublication',
        awsAccountNumber: connection.awsAccountNumber,
        region: connection.region,
      })
      result.moved++
    } else {
      result.dropped++
    }
    await deleteItem(item)
  }
  return result
}
