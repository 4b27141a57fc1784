import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createToastStore, TOAST_AUTO_CLOSE_MS } from './toast-store'

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('closes a toast after 5 seconds', () => {
    const store = createToastStore()
    store.show({ tone: 'danger', message: 'Could not sign in because of an error' })
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 1)
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot()).toHaveLength(0)
  })

  it('does not stack the same message twice, and restarts its timer', () => {
    const store = createToastStore()
    store.show({ tone: 'danger', message: 'Same' })
    vi.advanceTimersByTime(4000)
    store.show({ tone: 'danger', message: 'Same' })
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(4000)
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(1000)
    expect(store.getSnapshot()).toHaveLength(0)
  })

  it('keeps a paused toast until it is resumed', () => {
    const store = createToastStore()
    store.show({ tone: 'info', message: 'Hello' })
    store.pauseAll()
    vi.advanceTimersByTime(60_000)
    expect(store.getSnapshot()).toHaveLength(1)
    store.resumeAll()
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS)
    expect(store.getSnapshot()).toHaveLength(0)
  })

  it('notifies subscribers and lets a toast be dismissed early', () => {
    const store = createToastStore()
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    const id = store.show({ tone: 'success', message: 'Saved' })
    store.dismiss(id)
    expect(listener).toHaveBeenCalledTimes(2)
    expect(store.getSnapshot()).toEqual([])
    unsubscribe()
    store.show({ tone: 'success', message: 'Again' })
    expect(listener).toHaveBeenCalledTimes(2)
  })
})
