import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import styles from './menu.module.css'

interface MenuProps {
  /** The trigger's content, which names it (visually hidden words included). */
  trigger: ReactNode
  align?: 'start' | 'end'
  triggerClassName?: string
  children: (close: () => void) => ReactNode
}

/**
 * A disclosure menu: a button that opens a panel of links and buttons. Escape and a click outside close it and
 * focus returns to the button; everything inside is reachable with Tab.
 */
export function Menu({ trigger, align = 'start', triggerClassName, children }: MenuProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    function onPointerDown(event: Event) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    // Tabbing out of the panel closes it too.
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('focusin', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('focusin', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={[styles.trigger, triggerClassName].filter(Boolean).join(' ')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {trigger}
      </button>
      <div id={panelId} className={`${styles.panel} ${styles[align]}`} hidden={!open}>
        {open && children(() => setOpen(false))}
      </div>
    </div>
  )
}

export function MenuSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className={styles.section}>
      {title && <p className={styles.title}>{title}</p>}
      {children}
    </div>
  )
}

export const menuItemClass = styles.item
