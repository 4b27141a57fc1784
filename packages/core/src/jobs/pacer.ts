import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { sesPaceKey } from '../db/keys'
import { tableName } from '../db/table'

/** The slice's time ran out before the work could go on: the item stays pending for the continuation. */
export class SliceTimeUp extends Error {
  constructor() {
    super('The slice ran out of time')
    this.name = 'SliceTimeUp'
  }
}

export interface PaceKey {
  /** The customer's 12-digit AWS account (or the connection id when unknown): SES's limit is per account. */
  account: string
  region: string
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const SLOT_TTL_SECONDS = 24 * 3600

/**
 * Reserves the next free call slot of a customer account and waits for it: slots are `1000 / rate` ms apart and
 * handed out by a conditional write on one DynamoDB item, so every worker (and the list call) shares the same
 * pace, whatever process it runs in. Throws `SliceTimeUp` without reserving when the slot is after `deadline`.
 * Returns the reserved slot (epoch ms); the caller goes on no earlier than that.
 */
export async function takeSlot(
  key: PaceKey,
  rate: number,
  deadline = Number.POSITIVE_INFINITY,
): Promise<number> {
  const interval = 1000 / rate
  for (let attempt = 0; ; attempt++) {
    const { Item } = await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: sesPaceKey(key.account, key.region),
        ConsistentRead: true,
      }),
    )
    const now = Date.now()
    const next = typeof Item?.nextAt === 'number' ? Item.nextAt : undefined
    const slot = Math.max(now, next ?? 0)
    if (slot > deadline) throw new SliceTimeUp()
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: sesPaceKey(key.account, key.region),
          UpdateExpression: 'SET nextAt = :next, entity = :entity, expiresAt = :expires',
          ConditionExpression: next === undefined ? 'attribute_not_exists(nextAt)' : 'nextAt = :read',
          ExpressionAttributeValues: {
            ':next': slot + interval,
            ':entity': 'SesPace',
            ':expires': Math.floor(now / 1000) + SLOT_TTL_SECONDS,
            ...(next === undefined ? {} : { ':read': next }),
          },
        }),
      )
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'ConditionalCheckFailedException') throw error
      // Another caller took that slot: read again.
      await sleep(Math.random() * 10 * Math.min(attempt + 1, 10))
      continue
    }
    // Timers may wake a millisecond early: no call before its slot.
    for (let wait = slot - Date.now(); wait > 0; wait = slot - Date.now()) await sleep(wait)
    return slot
  }
}

/** SES throttled anyway (another tool on the account, a lower limit): no one calls before `until`. */
export async function holdSlots(key: PaceKey, until: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sesPaceKey(key.account, key.region),
        UpdateExpression: 'SET nextAt = :until',
        ConditionExpression: 'attribute_not_exists(nextAt) OR nextAt < :until',
        ExpressionAttributeValues: { ':until': until },
      }),
    )
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'ConditionalCheckFailedException') throw error
  }
}

export { throttleBackoff } from './backoff'
/** Campaign sends are paced by the shared send limiter (recipients, daily quota): see send-limiter.ts. */
export {
  DEFAULT_SEND_SHARE,
  holdSends,
  type LeaseAnswer,
  leaseSendTokens,
  type SendQuota,
  type SendTokenRequest,
  sleepUntil,
} from './send-limiter'
