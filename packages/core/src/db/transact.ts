import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../aws'
import { backoff } from './batch'

/** One item of a transaction as the SDK takes it (`Put`, `Update`, `Delete` or `ConditionCheck`). */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number]

/**
 * A transaction item with a name saying what it is for (`template.head`, `template.name`, `job.counts`), so a
 * failure is reported by name rather than by position; names need not be unique (content chunks share one).
 * Callers add items of their own (an outbox event, a quota) by appending: positions never matter.
 */
export type NamedItem = TransactItem & { name: string }

/** Why DynamoDB cancelled an item: its condition failed, another transaction held it, or something else. */
export type CancellationCode =
  | 'ConditionalCheckFailed'
  | 'TransactionConflict'
  | 'ItemCollectionSizeLimitExceeded'
  | 'ThrottlingError'
  | 'ProvisionedThroughputExceeded'
  | 'ValidationError'
  | (string & {})

export interface CancellationReason {
  code: CancellationCode | 'None'
  message?: string
  /**
   * The item as it was, in DynamoDB's attribute-value form, when the item asked for it
   * (`ReturnValuesOnConditionCheckFailure: 'ALL_OLD'`) and it exists.
   */
  old?: Record<string, unknown>
}

export interface ItemFailure extends Omit<CancellationReason, 'code'> {
  name: string
  code: CancellationCode
}

/**
 * The per-item reasons of a cancelled transaction, in item order; null when `error` is not a cancellation.
 * The one place that reads `CancellationReasons`.
 */
export function cancellationReasons(error: unknown): CancellationReason[] | null {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return null
  const reasons = (error as { CancellationReasons?: { Code?: string; Message?: string; Item?: unknown }[] })
    .CancellationReasons
  return (reasons ?? []).map((reason) => ({
    code: reason.Code ?? 'None',
    ...(reason.Message ? { message: reason.Message } : {}),
    ...(reason.Item ? { old: reason.Item as Record<string, unknown> } : {}),
  }))
}

/** A cancelled transaction, saying which named items failed and why. */
export class TransactionFailed extends Error {
  constructor(
    readonly failures: ItemFailure[],
    options?: ErrorOptions,
  ) {
    super(
      `Transaction cancelled: ${failures.map((failure) => `${failure.name} (${failure.code})`).join(', ') || 'no reason given'}`,
      options,
    )
    this.name = 'TransactionFailed'
  }

  /** The failure of the item(s) named `name`, if one failed. */
  failure(name: string): ItemFailure | undefined {
    return this.failures.find((failure) => failure.name === name)
  }

  /** Whether the condition of the item named `name` failed. */
  conditionFailed(name: string): boolean {
    return this.failures.some((failure) => failure.name === name && failure.code === 'ConditionalCheckFailed')
  }

  /** Whether any condition failed (as opposed to a conflict or a limit). */
  get anyConditionFailed(): boolean {
    return this.failures.some((failure) => failure.code === 'ConditionalCheckFailed')
  }

  /** Only conflicts with concurrent transactions: trying again may succeed. */
  get conflictOnly(): boolean {
    return (
      this.failures.length > 0 && this.failures.every((failure) => failure.code === 'TransactionConflict')
    )
  }
}

/** `error` as a `TransactionFailed` naming `items`' failures, or null when it is not a cancellation. */
export function transactionFailure(error: unknown, items: NamedItem[]): TransactionFailed | null {
  if (error instanceof TransactionFailed) return error
  if (error instanceof Error && error.name === 'TransactionConflictException') {
    return new TransactionFailed([{ name: '*', code: 'TransactionConflict', message: error.message }], {
      cause: error,
    })
  }
  const reasons = cancellationReasons(error)
  if (!reasons) return null
  const failures = reasons.flatMap((reason, index): ItemFailure[] =>
    reason.code === 'None' ? [] : [{ ...reason, name: items[index]?.name ?? `#${index}`, code: reason.code }],
  )
  return new TransactionFailed(failures, { cause: error })
}

const unnamed = (item: NamedItem): TransactItem => {
  const { name: _name, ...rest } = item
  return rest as TransactItem
}

export interface TransactOptions {
  /** Tries again (with jittered backoff) this many times when the only failures are conflicts. */
  conflictRetries?: number
  ClientRequestToken?: string
}

/**
 * Writes `items` in one transaction (at most 100). A cancellation throws `TransactionFailed` naming each failed
 * item and its reason; a transaction that only conflicted with concurrent ones is retried when asked.
 */
export async function transact(items: NamedItem[], options: TransactOptions = {}): Promise<void> {
  if (items.length === 0) return
  const TransactItems = items.map(unnamed)
  for (let attempt = 0; ; attempt++) {
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems,
          ...(options.ClientRequestToken ? { ClientRequestToken: options.ClientRequestToken } : {}),
        }),
      )
      return
    } catch (error) {
      const failed = transactionFailure(error, items)
      if (!failed) throw error
      if (!failed.conflictOnly || attempt >= (options.conflictRetries ?? 0)) throw failed
      await backoff(attempt + 1)
    }
  }
}
