import { useDraggable } from '@dnd-kit/core'
import type { PointerEventHandler } from 'react'
import type { DragData } from './canvas'
import styles from './visual.module.css'

/**
 * One palette entry: dragged onto the canvas with a pointer, or clicked (Enter, Space) to add after the
 * selection, the keyboard alternative. Its accessible name is `Add <name> block` (`Add reusable block <name>`).
 */
export function PaletteItem({
  data,
  hint,
  onAdd,
}: {
  data: Extract<DragData, { kind: 'palette' }>
  hint: string
  onAdd: () => void
}) {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: data.blockId ? `palette:blockRef:${data.blockId}` : `palette:${data.blockType}`,
    data,
  })
  return (
    <li>
      <button
        ref={setNodeRef}
        type="button"
        className={`${styles.paletteItem} ${isDragging ? styles.itemDragging : ''}`}
        onPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLButtonElement> | undefined}
        onClick={onAdd}
      >
        <span className={styles.paletteName}>
          <span className="visually-hidden">{data.blockId ? 'Add reusable block ' : 'Add '}</span>
          {data.label}
          {!data.blockId && <span className="visually-hidden"> block</span>}
        </span>
        <span className={styles.paletteHint} aria-hidden="true">
          {hint}
        </span>
      </button>
    </li>
  )
}
