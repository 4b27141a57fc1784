import { type Plan, START_ACTIONS_PER_MONTH } from '@app/contracts'

/** The UTC calendar month an action is counted in (`2026-11`): START actions restore on the 1st. */
export function quotaMonth(now: Date): string {
  return now.toISOString().slice(0, 7)
}

export interface QuotaState {
  plan: Plan | null
  actionsMonth?: string
  actionsSpent?: number
}

/** Remaining START template actions this month; null when the plan is unlimited (paid) or not chosen. */
export function availableActions(state: QuotaState, now: Date): number | null {
  if (state.plan !== 'START') return null
  const spent = state.actionsMonth === quotaMonth(now) ? (state.actionsSpent ?? 0) : 0
  return Math.max(0, START_ACTIONS_PER_MONTH - spent)
}
