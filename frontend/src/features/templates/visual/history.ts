/**
 * Undo and redo over whole documents. Changes to one field within a short pause coalesce into one step, so a
 * burst of typing undoes at once; any other change starts a new step.
 */
export const HISTORY_LIMIT = 200
export const COALESCE_MS = 1000

export interface History<T> {
  past: T[]
  present: T
  future: T[]
  /** The field the last change edited and when, for coalescing. */
  last?: { key: string; at: number } | undefined
}

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] }
}

export interface CommitOptions {
  /** Names the edited field ('heading-1.text'); consecutive changes with the same key coalesce. */
  key?: string | undefined
  now?: number
}

export function commit<T>(history: History<T>, next: T, options: CommitOptions = {}): History<T> {
  if (Object.is(next, history.present)) return history
  const now = options.now ?? Date.now()
  const last = options.key ? { key: options.key, at: now } : undefined
  if (options.key && history.last?.key === options.key && now - history.last.at < COALESCE_MS) {
    return { past: history.past, present: next, future: [], last }
  }
  const past = [...history.past, history.present]
  return {
    past: past.length > HISTORY_LIMIT ? past.slice(-HISTORY_LIMIT) : past,
    present: next,
    future: [],
    last,
  }
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past[history.past.length - 1]
  if (history.past.length === 0) return history
  return {
    past: history.past.slice(0, -1),
    present: previous as T,
    future: [history.present, ...history.future],
  }
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history
  const [next, ...future] = history.future
  return { past: [...history.past, history.present], present: next as T, future }
}

export const canUndo = (history: History<unknown>) => history.past.length > 0
export const canRedo = (history: History<unknown>) => history.future.length > 0
