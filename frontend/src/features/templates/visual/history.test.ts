import { describe, expect, it } from 'vitest'
import { COALESCE_MS, canRedo, canUndo, commit, HISTORY_LIMIT, redo, startHistory, undo } from './history'

describe('history', () => {
  it('undoes and redoes, and a new change drops the redo steps', () => {
    let history = startHistory('a')
    history = commit(history, 'b', { now: 0 })
    history = commit(history, 'c', { now: 1 })
    expect(canRedo(history)).toBe(false)
    history = undo(history)
    expect(history.present).toBe('b')
    history = undo(history)
    expect(history.present).toBe('a')
    expect(canUndo(history)).toBe(false)
    expect(undo(history)).toBe(history)
    history = redo(history)
    expect(history.present).toBe('b')
    history = commit(history, 'd', { now: 2 })
    expect(canRedo(history)).toBe(false)
    expect(redo(history)).toBe(history)
    expect(history.past).toEqual(['a', 'b'])
  })

  it('coalesces a burst of changes to one field into one step', () => {
    let history = startHistory('')
    history = commit(history, 'H', { key: 'heading-1.text', now: 0 })
    history = commit(history, 'He', { key: 'heading-1.text', now: 300 })
    history = commit(history, 'Hey', { key: 'heading-1.text', now: 600 })
    expect(history.past).toEqual([''])
    expect(undo(history).present).toBe('')
  })

  it('starts a new step after a pause, for another field, or for a change without a key', () => {
    let history = startHistory('')
    history = commit(history, 'a', { key: 'x', now: 0 })
    history = commit(history, 'ab', { key: 'x', now: COALESCE_MS + 1 })
    history = commit(history, 'abc', { key: 'y', now: COALESCE_MS + 2 })
    history = commit(history, 'abcd', { now: COALESCE_MS + 3 })
    history = commit(history, 'abcde', { key: 'y', now: COALESCE_MS + 4 })
    expect(history.past).toEqual(['', 'a', 'ab', 'abc', 'abcd'])
  })

  it('does not coalesce across an undo', () => {
    let history = startHistory('')
    history = commit(history, 'a', { key: 'x', now: 0 })
    history = undo(history)
    history = commit(history, 'b', { key: 'x', now: 10 })
    expect(history.past).toEqual([''])
    expect(history.present).toBe('b')
    history = commit(history, 'bc', { key: 'x', now: 20 })
    expect(history.past).toEqual([''])
  })

  it('ignores a change to the same value and keeps at most the limit', () => {
    let history = startHistory(0)
    expect(commit(history, 0)).toBe(history)
    for (let value = 1; value <= HISTORY_LIMIT + 50; value += 1)
      history = commit(history, value, { now: value })
    expect(history.past).toHaveLength(HISTORY_LIMIT)
    expect(history.past[0]).toBe(50)
  })
})
