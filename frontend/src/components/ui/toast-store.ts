export type ToastTone = 'success' | 'info' | 'warning' | 'danger'

export interface ToastAction {
  label: string
  /** An in-app path. */
  to: string
}

export interface Toast {
  id: number
  tone: ToastTone
  message: string
  action?: ToastAction
}

/** Spec §9: toasts close by themselves after 5 seconds. */
export const TOAST_AUTO_CLOSE_MS = 5000

type Listener = () => void

export function createToastStore(autoCloseMs = TOAST_AUTO_CLOSE_MS) {
  let toasts: readonly Toast[] = []
  let nextId = 1
  const listeners = new Set<Listener>()
  const timers = new Map<number, ReturnType<typeof setTimeout>>()

  function emit() {
    for (const listener of listeners) listener()
  }

  function schedule(id: number) {
    clearTimeout(timers.get(id))
    timers.set(
      id,
      setTimeout(() => dismiss(id), autoCloseMs),
    )
  }

  function show(toast: Omit<Toast, 'id'>): number {
    // The same message again (a second failed click) restarts the timer instead of stacking copies.
    const existing = toasts.find((item) => item.tone === toast.tone && item.message === toast.message)
    if (existing) {
      schedule(existing.id)
      return existing.id
    }
    const id = nextId++
    toasts = [...toasts, { ...toast, id }]
    schedule(id)
    emit()
    return id
  }

  function dismiss(id: number) {
    clearTimeout(timers.get(id))
    timers.delete(id)
    const remaining = toasts.filter((toast) => toast.id !== id)
    if (remaining.length === toasts.length) return
    toasts = remaining
    emit()
  }

  return {
    show,
    dismiss,
    /** While the pointer or focus is on the toasts they stay; they close 5 s after it leaves. */
    pauseAll() {
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
    },
    resumeAll() {
      for (const toast of toasts) schedule(toast.id)
    },
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    getSnapshot(): readonly Toast[] {
      return toasts
    },
  }
}

export const toastStore = createToastStore()

type ToastOptions = { action?: ToastAction }

function showWith(tone: ToastTone) {
  return (message: string, options: ToastOptions = {}) => toastStore.show({ tone, message, ...options })
}

/** Callable from anywhere (event handlers, loaders, the query cache), not only from components. */
export const toast = {
  success: showWith('success'),
  info: showWith('info'),
  warning: showWith('warning'),
  danger: showWith('danger'),
  dismiss: (id: number) => toastStore.dismiss(id),
}
