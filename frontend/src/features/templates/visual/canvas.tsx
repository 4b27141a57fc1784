import type { DocumentStyles, VisualBlock, VisualDocument } from '@app/contracts'
import { FONT_STACKS } from '@app/contracts'
import { useDroppable } from '@dnd-kit/core'
import { SortableContext, type SortingStrategy, useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { CSSProperties, KeyboardEvent } from 'react'
import { blockTypeName } from './block-names'
import { BlockView, paddingStyle } from './block-view'
import { canMoveBy } from './document'
import { BlockRefView, useBlockName } from './reusable-blocks'
import styles from './visual.module.css'

export const ROOT_CONTAINER = 'root'

/**
 * Blocks stay where they are while one is dragged and a line shows where it will land: shifting them (the sortable
 * default) would move the columns' drop areas away from under the pointer, since drop areas are measured unshifted.
 */
const keepInPlace: SortingStrategy = () => null

/** What a draggable carries: a palette type to create, or a block of the document to move. */
export type DragData =
  | { kind: 'palette'; blockType: VisualBlock['type']; label: string; blockId?: string }
  | { kind: 'block'; blockType: VisualBlock['type']; containerId: string }

/** What a drop target is: a block (drop before or after it) or a list's empty room (drop at its end). */
export type DropData =
  | { kind: 'block'; blockType: VisualBlock['type']; containerId: string }
  | { kind: 'container'; containerId: string }

export interface DropIndicator {
  overId: string
  after: boolean
}

export interface CanvasActions {
  select: (id: string | null) => void
  moveBy: (id: string, delta: -1 | 1) => void
  duplicate: (id: string) => void
  remove: (id: string) => void
}

interface CanvasProps {
  document: VisualDocument
  selectedId: string | null
  actions: CanvasActions
  indicator: DropIndicator | null
}

/** The email drawn block by block with its document styles; sortable, and every block selectable. */
export function Canvas({ document, selectedId, actions, indicator }: CanvasProps) {
  const { styles: look } = document
  const { setNodeRef, isOver } = useDroppable({
    id: `container:${ROOT_CONTAINER}`,
    data: { kind: 'container', containerId: ROOT_CONTAINER } satisfies DropData,
  })
  const ids = document.blocks.map((block) => block.id)
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the background clears the selection; Escape on a block does it by keyboard
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      className={styles.canvasPage}
      style={{ background: look.backgroundColor }}
      onClick={() => actions.select(null)}
    >
      <div
        className={styles.canvasContent}
        style={{
          maxWidth: look.contentWidth,
          background: look.contentBackgroundColor,
          color: look.textColor,
          fontFamily: FONT_STACKS[look.fontFamily],
        }}
      >
        <SortableContext id={ROOT_CONTAINER} items={ids} strategy={keepInPlace}>
          <ul
            ref={setNodeRef}
            className={`${styles.blockList} ${isOver ? styles.listOver : ''}`}
            aria-label="Email blocks"
          >
            {document.blocks.map((block) => (
              <CanvasItem
                key={block.id}
                block={block}
                containerId={ROOT_CONTAINER}
                document={document}
                selectedId={selectedId}
                actions={actions}
                indicator={indicator}
              />
            ))}
          </ul>
        </SortableContext>
        {document.blocks.length === 0 && (
          <div className={styles.emptyCanvas}>
            <p>
              <strong>Your email is empty.</strong>
            </p>
            <p>
              Drag a block from “Add blocks” and drop it here, or click a block there (or press Enter on it)
              to add it.
            </p>
          </div>
        )}
      </div>
    </div>
  )
}

interface ItemProps {
  block: VisualBlock
  containerId: string
  document: VisualDocument
  selectedId: string | null
  actions: CanvasActions
  indicator: DropIndicator | null
}

function CanvasItem({ block, containerId, document, selectedId, actions, indicator }: ItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: block.id,
      data: { kind: 'block', blockType: block.type, containerId } satisfies DragData & DropData,
    })
  const selected = selectedId === block.id
  const name = useBlockName(block)
  const marker =
    indicator?.overId === block.id ? (indicator.after ? styles.dropAfter : styles.dropBefore) : ''

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return
    const command = event.ctrlKey || event.metaKey
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault()
      actions.moveBy(block.id, event.key === 'ArrowUp' ? -1 : 1)
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault()
      actions.remove(block.id)
    } else if (command && event.key.toLowerCase() === 'd') {
      event.preventDefault()
      actions.duplicate(block.id)
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      actions.select(block.id)
    } else if (event.key === 'Escape' && selected) {
      event.preventDefault()
      actions.select(null)
    }
  }

  return (
    <li
      ref={setNodeRef}
      className={[styles.item, selected && styles.itemSelected, isDragging && styles.itemDragging, marker]
        .filter(Boolean)
        .join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className={styles.handle}
        {...attributes}
        {...listeners}
        aria-label={`Drag ${name}`}
        title="Drag to move"
      >
        <span aria-hidden="true">⠿</span>
      </button>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would bring form semantics to an email block */}
      <div
        role="group"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable for the block's keys (Alt+arrows, Delete, Ctrl+D); not a button, since a columns block holds other blocks
        tabIndex={0}
        aria-label={name}
        aria-current={selected ? 'true' : undefined}
        data-block-id={block.id}
        className={styles.itemBody}
        onClick={(event) => {
          event.stopPropagation()
          actions.select(block.id)
        }}
        onKeyDown={onKeyDown}
      >
        {block.type === 'columns' ? (
          <ColumnsView
            block={block}
            document={document}
            selectedId={selectedId}
            actions={actions}
            indicator={indicator}
          />
        ) : block.type === 'blockRef' ? (
          <BlockRefView block={block} styles={document.styles} />
        ) : (
          <BlockView block={block} styles={document.styles} />
        )}
      </div>
      {selected && (
        <div className={styles.toolbar} role="toolbar" aria-label={`${blockTypeName(block.type)} actions`}>
          <ToolButton
            label="Move up"
            glyph="up"
            disabled={!canMoveBy(document, block.id, -1)}
            onClick={() => actions.moveBy(block.id, -1)}
          />
          <ToolButton
            label="Move down"
            glyph="down"
            disabled={!canMoveBy(document, block.id, 1)}
            onClick={() => actions.moveBy(block.id, 1)}
          />
          <ToolButton label="Duplicate" glyph="copy" onClick={() => actions.duplicate(block.id)} />
          <ToolButton label="Delete" glyph="delete" onClick={() => actions.remove(block.id)} />
        </div>
      )}
    </li>
  )
}

const ICONS = {
  up: 'M12 19V5M5 12l7-7 7 7',
  down: 'M12 5v14M19 12l-7 7-7-7',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
} as const

function ToolButton({
  label,
  glyph,
  disabled = false,
  onClick,
}: {
  label: string
  glyph: keyof typeof ICONS
  disabled?: boolean
  onClick: () => void
}) {
  return (
    <button
      type="button"
      className={styles.toolButton}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={(event) => {
        event.stopPropagation()
        onClick()
      }}
    >
      <svg
        aria-hidden="true"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={ICONS[glyph]} />
      </svg>
    </button>
  )
}

function ColumnsView({
  block,
  document,
  selectedId,
  actions,
  indicator,
}: {
  block: Extract<VisualBlock, { type: 'columns' }>
  document: VisualDocument
  selectedId: string | null
  actions: CanvasActions
  indicator: DropIndicator | null
}) {
  return (
    <div
      className={styles.columns}
      style={{ ...paddingStyle(block.padding), background: block.backgroundColor ?? undefined }}
    >
      {block.columns.map((column, index) => (
        <ColumnView
          key={column.id}
          columnId={column.id}
          label={`Column ${index + 1} of ${block.columns.length}`}
          width={column.width}
          blocks={column.blocks}
          document={document}
          selectedId={selectedId}
          actions={actions}
          indicator={indicator}
          look={document.styles}
        />
      ))}
    </div>
  )
}

function ColumnView({
  columnId,
  label,
  width,
  blocks,
  document,
  selectedId,
  actions,
  indicator,
}: {
  columnId: string
  label: string
  width: number
  blocks: readonly VisualBlock[]
  document: VisualDocument
  selectedId: string | null
  actions: CanvasActions
  indicator: DropIndicator | null
  look: DocumentStyles
}) {
  const { setNodeRef, isOver } = useDroppable({
    id: `container:${columnId}`,
    data: { kind: 'container', containerId: columnId } satisfies DropData,
  })
  return (
    <SortableContext id={columnId} items={blocks.map((item) => item.id)} strategy={keepInPlace}>
      <ul
        ref={setNodeRef}
        className={`${styles.column} ${isOver ? styles.listOver : ''}`}
        style={{ '--column-width': `${width}%` } as CSSProperties}
        aria-label={label}
      >
        {blocks.map((inner) => (
          <CanvasItem
            key={inner.id}
            block={inner}
            containerId={columnId}
            document={document}
            selectedId={selectedId}
            actions={actions}
            indicator={indicator}
          />
        ))}
        {blocks.length === 0 && <li className={styles.emptyColumn}>Drop a block here</li>}
      </ul>
    </SortableContext>
  )
}
