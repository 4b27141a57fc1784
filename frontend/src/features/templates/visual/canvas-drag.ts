import type { VisualDocument } from '@app/contracts'
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  type DragEndEvent,
  type DragMoveEvent,
  pointerWithin,
} from '@dnd-kit/core'
import { blockName } from './block-names'
import { type DragData, type DropData, type DropIndicator, ROOT_CONTAINER } from './canvas'
import { type BlockLocation, findBlock, findColumn } from './document'

/** What a screen reader hears for a dragged thing or a drop place. */
function spokenName(doc: VisualDocument, id: string | number, data?: DragData | DropData): string {
  if (data?.kind === 'palette') return `New ${data.label} block`
  if (data?.kind === 'container') {
    if (data.containerId === ROOT_CONTAINER) return 'the end of the email'
    const found = findColumn(doc, data.containerId)
    const index = found ? found.parent.columns.indexOf(found.column) + 1 : 0
    return `column ${index} of the columns block`
  }
  const found = findBlock(doc, String(id))
  return found ? blockName(found.block) : 'the block'
}

/** The drag's spoken progress, naming blocks as the canvas does. */
export function dragAnnouncements(doc: VisualDocument): Announcements {
  const name = (id: string | number, data?: DragData | DropData) => spokenName(doc, id, data)
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id, active.data.current as DragData)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${name(active.id, active.data.current as DragData)} is over ${name(over.id, over.data.current as DropData)}.`
        : `${name(active.id, active.data.current as DragData)} is not over a place it can go.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id, active.data.current as DragData)} was dropped at ${name(over.id, over.data.current as DropData)}.`
        : `${name(active.id, active.data.current as DragData)} was dropped back where it was.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id, active.data.current as DragData)} was cancelled.`,
  }
}

/**
 * Where a drag may land: columns and reusable blocks only at the top level; the innermost drop area under the
 * pointer, and between the blocks of a list the nearest one.
 */
export const canvasCollision: CollisionDetection = (args) => {
  const data = args.active.data.current as DragData | undefined
  const topOnly = data?.blockType === 'columns' || data?.blockType === 'blockRef'
  const containers = args.droppableContainers.filter((container) => {
    const target = container.data.current as DropData | undefined
    return !topOnly || target?.containerId === ROOT_CONTAINER
  })
  const hits = pointerWithin({ ...args, droppableContainers: containers })
  if (hits.length === 0) return closestCenter({ ...args, droppableContainers: containers })
  const area = (id: string | number) => {
    const rect = args.droppableRects.get(id)
    return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY
  }
  const innermost = [...hits].sort((a, b) => area(a.id) - area(b.id))[0]
  if (!innermost) return hits
  const target = containers.find((container) => container.id === innermost.id)?.data.current as
    | DropData
    | undefined
  if (target?.kind !== 'container') return [innermost]
  // Between blocks of a list: the nearest block of that list, or the list itself when it is empty.
  const inList = containers.filter((container) => {
    const item = container.data.current as DropData | undefined
    return item?.kind === 'block' && item.containerId === target.containerId
  })
  return inList.length > 0 ? closestCenter({ ...args, droppableContainers: inList }) : [innermost]
}

/** Where the dragged thing would land now (and the line that shows it), or nothing. */
export function dropTarget(
  doc: VisualDocument,
  event: DragMoveEvent | DragEndEvent,
): { location: BlockLocation; indicator?: DropIndicator } | undefined {
  const { active, over } = event
  if (!over) return undefined
  const drag = active.data.current as DragData | undefined
  const drop = over.data.current as DropData | undefined
  if (!drag || !drop) return undefined
  const columnId = drop.containerId === ROOT_CONTAINER ? null : drop.containerId
  if (drop.kind === 'container') {
    const list = columnId === null ? doc.blocks : (findColumn(doc, columnId)?.column.blocks ?? [])
    return { location: { columnId, index: list.length } }
  }
  const target = findBlock(doc, String(over.id))
  if (!target || over.id === active.id) return undefined
  const after = pointerY(event) > over.rect.top + over.rect.height / 2
  let index = target.location.index + (after ? 1 : 0)
  if (drag.kind === 'block') {
    // `moveBlock` counts the index without the moved block.
    const from = findBlock(doc, String(active.id))
    if (from && from.location.columnId === target.location.columnId && from.location.index < index) index -= 1
  }
  return {
    location: { columnId: target.location.columnId, index },
    indicator: { overId: String(over.id), after },
  }
}

/**
 * Where the pointer is now, in the coordinates of the drop targets' rects: the dragged rect moved as far as the
 * pointer, plus where in it the drag started. (A block is dragged by its handle at its top, so its middle is not
 * where the author points.) Keyboard drags use the dragged rect's middle.
 */
function pointerY(event: DragMoveEvent | DragEndEvent): number {
  const { translated, initial } = event.active.rect.current
  if (!translated) return Number.NEGATIVE_INFINITY
  const start = event.activatorEvent
  if (initial && start && 'clientY' in start && typeof start.clientY === 'number') {
    return translated.top + (start.clientY - initial.top)
  }
  return translated.top + translated.height / 2
}
