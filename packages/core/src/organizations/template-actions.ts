import { START_ACTIONS_PER_MONTH } from '@app/contracts'
import { organizationKey } from '../db/keys'
import { tableName } from '../db/table'
import { type ItemFailure, type NamedItem, transact, transactionFailure } from '../db/transact'
import { AppError } from '../errors'
import * as Repo from './organizations.repo'
import { availableActions, quotaMonth } from './quota'

/** A transaction item named for what it does (see `db/transact.ts`). */
export type TransactItem = NamedItem

/** One of the caller's own conditions failed; `failures` name the caller's items that failed. */
export class WriteRefused extends Error {
  constructor(readonly failures: ItemFailure[]) {
    super(`A condition of the write failed: ${failures.map((failure) => failure.name).join(', ')}`)
    this.name = 'WriteRefused'
  }

  /** Whether the condition of the caller's item named `name` failed. */
  failed(name: string): boolean {
    return this.failures.some((failure) => failure.name === name && failure.code === 'ConditionalCheckFailed')
  }
}

/** The quota item's name: it is not one of the caller's items. */
const QUOTA = 'organization.quota'

export function actionsExhausted(): AppError {
  return new AppError(
    'plan.actions_exhausted',
    `The START plan includes ${START_ACTIONS_PER_MONTH} template actions a month and none are left; they restore on the 1st (UTC). Upgrade for unlimited template management.`,
  )
}

const MAX_ATTEMPTS = 12

/**
 * The quota item for `actions` START actions, for the organization as last read. Two shapes, because a
 * transaction cannot "increment or restart the month" in one update: counting on within the month read, or
 * starting the month. Either condition fails if the month or the count moved since that read; the caller
 * then reads again and retries.
 */
function quotaUpdate(
  orgId: string,
  org: Repo.OrganizationRecord,
  actions: number,
  month: string,
): TransactItem {
  const sameMonth = org.actionsMonth === month
  return {
    name: QUOTA,
    Update: {
      TableName: tableName(),
      Key: organizationKey(orgId),
      UpdateExpression: sameMonth
        ? 'SET actionsSpent = actionsSpent + :n'
        : 'SET actionsMonth = :month, actionsSpent = :n',
      ConditionExpression: sameMonth
        ? '#plan = :start AND actionsMonth = :month AND actionsSpent <= :most'
        : '#plan = :start AND (attribute_not_exists(actionsMonth) OR actionsMonth <> :month)',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: {
        ':n': actions,
        ':start': 'START',
        ':month': month,
        ...(sameMonth ? { ':most': START_ACTIONS_PER_MONTH - actions } : {}),
      },
    },
  }
}

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** Math.min(attempt, 5)))

/**
 * Writes `items` in one DynamoDB transaction together with spending `actions` template actions of a START
 * organization (spec §9), so a refused write spends nothing and concurrent writes can never overspend: the
 * quota is a conditional update inside the same transaction, not a check before it. Paid plans are unlimited
 * (their writes go without the quota item); an organization without a plan cannot manage templates yet.
 *
 * Throws `plan.actions_exhausted` (402) when too few actions are left, `WriteRefused` when one of the caller's
 * own conditions failed (the caller maps it: version conflict, name taken …). Transaction conflicts with
 * concurrent writers are retried with jitter.
 */
export async function writeWithTemplateActions(
  orgId: string,
  actions: number,
  items: TransactItem[],
  options: { now?: Date; org?: Repo.OrganizationRecord } = {},
): Promise<void> {
  const now = options.now ?? new Date()
  let org = options.org
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (!org) org = await Repo.getOrganization(orgId)
    if (!org) throw new AppError('organization.not_found', 'No such organization.')
    if (org.plan === null) {
      throw new AppError(
        'plan.actions_exhausted',
        'Choose a plan for this organization (START is free) before managing templates.',
      )
    }
    const limited = org.plan === 'START' && actions > 0
    if (limited && (availableActions(org, now) ?? 0) < actions) throw actionsExhausted()
    const transactItems = limited ? [...items, quotaUpdate(orgId, org, actions, quotaMonth(now))] : items
    if (transactItems.length === 0) return
    try {
      await transact(transactItems)
      return
    } catch (error) {
      const failed = transactionFailure(error, transactItems)
      if (!failed) throw error
      const own = failed.failures.filter(
        (failure) => failure.name !== QUOTA && failure.code === 'ConditionalCheckFailed',
      )
      if (own.length) throw new WriteRefused(own)
      // The quota moved (another write spent, the month turned, the plan changed) or a concurrent transaction
      // touched the same items: read the organization again and retry.
      const conflict = failed.failures.some((failure) => failure.code === 'TransactionConflict')
      if (!conflict && !failed.conditionFailed(QUOTA)) throw error
      if (conflict) await pause(attempt)
      org = undefined
    }
  }
  throw new AppError('rate.limited', 'Too many changes at once in this organization; please try again.')
}
