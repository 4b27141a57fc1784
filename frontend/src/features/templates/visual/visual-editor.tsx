import type { DocumentStyles, VisualDocument } from '@app/contracts'
import {
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable'
import { type KeyboardEvent, type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast-store'
import { BLOCK_LABELS, blockTypeName } from './block-names'
import { BlockProperties } from './block-properties'
import { Canvas, type CanvasActions, type DragData, type DropIndicator } from './canvas'
import { canvasCollision, dragAnnouncements, dropTarget } from './canvas-drag'
import { ConvertDialog } from './convert-dialog'
import {
  addBlock,
  addBlockRef,
  deleteBlock,
  duplicateBlock,
  findBlock,
  findColumn,
  insertBlock,
  moveBlock,
  moveBlockBy,
  setColumnLayout,
  updateBlock,
  updatePreheader,
  updateStyles,
} from './document'
import { type FieldTarget, FieldTargetContext } from './fields'
import { canRedo, canUndo } from './history'
import { createBlock, createBlockRef, documentIds, PALETTE_TYPES, type PaletteType } from './new-blocks'
import { PaletteItem } from './palette-item'
import { type ReusableBlocks, ReusableBlocksPalette, ReusableBlocksProvider } from './reusable-blocks'
import { StylePanel } from './style-panel'
import { useVisualDocument } from './use-visual-document'
import styles from './visual.module.css'

export interface VisualEditorHandle {
  /** Selects a block (a lint finding or a server issue pointing at it) and brings it into view. */
  select: (blockId: string) => void
}

export interface VisualEditorProps {
  source: string
  onChange: (source: string) => void
  /** The blocks became MJML code: the template's editor type and source change together. */
  onConvert: (mjml: string) => void
  /** The property field the variable picker inserts into. */
  onTarget: (target: FieldTarget) => void
  /**
   * A reusable block's blocks rather than a whole email: no document style, preheader or conversion (the
   * templates using the block bring those).
   */
  fragment?: boolean
  /** Templates: the organization's reusable blocks, for the palette and the canvas (none in fragment mode). */
  reusableBlocks?: ReusableBlocks
  ref?: Ref<VisualEditorHandle>
}

const PALETTE_HINTS: Record<PaletteType, string> = {
  heading: 'A title',
  text: 'Paragraphs',
  button: 'A call to action',
  image: 'A picture',
  divider: 'A line',
  spacer: 'Blank room',
  columns: '1–3 side by side',
  social: 'Network icons',
  html: 'Your own code',
}

/** The visual (drag-and-drop) editor: palette, canvas, and the selected block's or the document's settings. */
export default function VisualEditor({
  source,
  onChange,
  onConvert,
  onTarget,
  fragment = false,
  reusableBlocks,
  ref,
}: VisualEditorProps) {
  const { state, apply, undo, redo } = useVisualDocument(source, onChange)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [converting, setConverting] = useState(false)
  const [dragging, setDragging] = useState<DragData | null>(null)
  const [indicator, setIndicator] = useState<DropIndicator | null>(null)
  const focusAfter = useRef<string | null>(null)
  const document = state.ok ? state.history.present : undefined
  const selected = document && selectedId ? findBlock(document, selectedId) : undefined

  useImperativeHandle(ref, () => ({
    select(blockId: string) {
      setSelectedId(blockId)
      focusAfter.current = blockId
    },
  }))

  // After a keyboard move, duplicate or delete, the focus follows the block (React may have re-mounted it).
  useEffect(() => {
    const id = focusAfter.current
    if (!id) return
    focusAfter.current = null
    const element = window.document.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(id)}"]`)
    element?.focus()
    element?.scrollIntoView({ block: 'nearest' })
  })

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )

  if (!state.ok || !document) {
    return (
      <Alert tone="danger" title="This visual template cannot be opened">
        <ul>
          {(state.ok ? [] : state.issues).map((issue) => (
            <li key={`${issue.path}-${issue.message}`}>
              {issue.path ? `${issue.path}: ` : ''}
              {issue.message}
            </li>
          ))}
        </ul>
        Open History to restore a version that works.
      </Alert>
    )
  }
  const doc = document

  function change(next: VisualDocument, key?: string) {
    const problem = apply(next, key)
    if (problem) toast.warning(problem)
    return problem === undefined
  }

  const actions: CanvasActions = {
    select: setSelectedId,
    moveBy(id, delta) {
      const next = moveBlockBy(doc, id, delta)
      if (next !== doc && change(next)) focusAfter.current = id
    },
    duplicate(id) {
      const result = duplicateBlock(doc, id)
      if (result.id && change(result.document)) {
        setSelectedId(result.id)
        focusAfter.current = result.id
      }
    },
    remove(id) {
      const found = findBlock(doc, id)
      if (!found || !change(deleteBlock(doc, id))) return
      const siblings = found.location.columnId
        ? (findColumn(doc, found.location.columnId)?.column.blocks ?? [])
        : doc.blocks
      const neighbour = siblings[found.location.index + 1] ?? siblings[found.location.index - 1]
      const next = neighbour?.id ?? found.parentId
      setSelectedId(next)
      focusAfter.current = next
      toast.info(`${blockTypeName(found.block.type)} deleted. Undo with Ctrl+Z.`)
    },
  }

  function add(type: PaletteType) {
    const result = addBlock(doc, type, selectedId)
    if (change(result.document)) {
      setSelectedId(result.id)
      focusAfter.current = result.id
    }
  }

  function addReusable(blockId: string) {
    const result = addBlockRef(doc, blockId, selectedId)
    if (change(result.document)) {
      setSelectedId(result.id)
      focusAfter.current = result.id
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return
    // The raw HTML block's code editor keeps its own undo while typing there. (ProseMirror marks Ctrl+Z as
    // handled only to stop the browser's own undo, so `defaultPrevented` says nothing here.)
    if (event.target instanceof Element && event.target.closest('.cm-editor')) return
    const key = event.key.toLowerCase()
    if (key === 'z' && !event.shiftKey) {
      event.preventDefault()
      undo()
    } else if ((key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey)) {
      event.preventDefault()
      redo()
    }
  }

  function onDragStart(event: DragStartEvent) {
    setDragging((event.active.data.current as DragData | undefined) ?? null)
  }

  function onDragMove(event: DragMoveEvent) {
    const next = dropTarget(doc, event)?.indicator ?? null
    setIndicator((current) =>
      current?.overId === next?.overId && current?.after === next?.after ? current : next,
    )
  }

  function onDragEnd(event: DragEndEvent) {
    setDragging(null)
    setIndicator(null)
    const target = dropTarget(doc, event)
    const drag = event.active.data.current as DragData | undefined
    if (!target || !drag) return
    if (drag.kind === 'palette') {
      const block = drag.blockId
        ? createBlockRef(drag.blockId, documentIds(doc))
        : createBlock(drag.blockType as PaletteType, documentIds(doc))
      const next = insertBlock(doc, block, target.location)
      if (next !== doc && change(next)) {
        setSelectedId(block.id)
        focusAfter.current = block.id
      }
      return
    }
    const id = String(event.active.id)
    const next = moveBlock(doc, id, target.location)
    if (next !== doc && change(next)) {
      setSelectedId(id)
      focusAfter.current = id
    }
  }

  const unselectedTitle = fragment ? 'Block settings' : 'Document style'
  return (
    <ReusableBlocksProvider value={reusableBlocks}>
      <FieldTargetContext.Provider value={onTarget}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Z / Ctrl+Shift+Z anywhere in the visual editor */}
        <div className={styles.editor} onKeyDown={onKeyDown}>
          <div className={styles.editorBar} role="toolbar" aria-label="Visual editor">
            <Button size="small" variant="secondary" onClick={undo} disabled={!canUndo(state.history)}>
              Undo
            </Button>
            <Button size="small" variant="secondary" onClick={redo} disabled={!canRedo(state.history)}>
              Redo
            </Button>
            {!fragment && (
              <>
                <Button
                  size="small"
                  variant="secondary"
                  aria-pressed={selectedId === null}
                  onClick={() => setSelectedId(null)}
                >
                  Document style
                </Button>
                <span className={styles.barSpacer} />
                <Button size="small" variant="ghost" onClick={() => setConverting(true)}>
                  Convert to MJML code
                </Button>
              </>
            )}
          </div>

          <DndContext
            sensors={sensors}
            collisionDetection={canvasCollision}
            accessibility={{
              announcements: dragAnnouncements(doc),
              screenReaderInstructions: {
                draggable:
                  'To move a block, press Space or Enter on its drag handle, move it with the arrow keys, then press Space or Enter to drop it, or Escape to cancel. With a block focused, Alt+Arrow Up or Down moves it one step.',
              },
            }}
            onDragStart={onDragStart}
            onDragMove={onDragMove}
            onDragEnd={onDragEnd}
            onDragCancel={() => {
              setDragging(null)
              setIndicator(null)
            }}
          >
            <div className={styles.body}>
              <section className={styles.palette} aria-labelledby="visual-palette-title">
                <h2 id="visual-palette-title" className={styles.paneTitle}>
                  Add blocks
                </h2>
                <ul className={styles.paletteList}>
                  {PALETTE_TYPES.map((type) => (
                    <PaletteItem
                      key={type}
                      data={{ kind: 'palette', blockType: type, label: BLOCK_LABELS[type] }}
                      hint={PALETTE_HINTS[type]}
                      onAdd={() => add(type)}
                    />
                  ))}
                </ul>
                {reusableBlocks && <ReusableBlocksPalette onAdd={addReusable} />}
              </section>

              <section className={styles.canvasPane} aria-label="Canvas">
                <Canvas document={doc} selectedId={selectedId} actions={actions} indicator={indicator} />
              </section>

              <section
                className={styles.properties}
                aria-label={selected ? `${blockTypeName(selected.block.type)} settings` : unselectedTitle}
                data-selected={selected ? '' : undefined}
              >
                <div className={styles.propertiesHeader}>
                  <h2 className={styles.paneTitle}>
                    {selected ? blockTypeName(selected.block.type) : unselectedTitle}
                  </h2>
                  {selected && (
                    <Button size="small" variant="ghost" onClick={() => setSelectedId(null)}>
                      Done
                    </Button>
                  )}
                </div>
                <div className={styles.fields}>
                  {selected ? (
                    <BlockProperties
                      key={selected.block.id}
                      block={selected.block}
                      document={doc}
                      onChange={(patch, field) =>
                        change(
                          updateBlock(doc, selected.block.id, patch),
                          field && `${selected.block.id}.${field}`,
                        )
                      }
                      onLayout={(widths) => change(setColumnLayout(doc, selected.block.id, widths))}
                    />
                  ) : fragment ? (
                    <p className={styles.hint}>Select a block on the canvas to change it.</p>
                  ) : (
                    <StylePanel
                      document={doc}
                      onStyles={(patch: Partial<DocumentStyles>, field) =>
                        change(updateStyles(doc, patch), field && `styles.${field}`)
                      }
                      onPreheader={(preheader) => change(updatePreheader(doc, preheader), 'preheader')}
                    />
                  )}
                </div>
              </section>
            </div>
            <DragOverlay dropAnimation={null}>
              {dragging ? (
                <div className={styles.dragChip}>
                  {dragging.kind === 'palette'
                    ? `New ${dragging.label} block`
                    : BLOCK_LABELS[dragging.blockType]}
                </div>
              ) : null}
            </DragOverlay>
          </DndContext>

          <p className={styles.shortcuts}>
            Keys: with a block focused, Alt+↑/↓ moves it, Delete removes it, Ctrl+D duplicates it; Ctrl+Z
            undoes, Ctrl+Shift+Z redoes.
          </p>
        </div>
        <ConvertDialog
          open={converting}
          document={doc}
          onClose={() => setConverting(false)}
          onConvert={(mjml) => {
            setConverting(false)
            onConvert(mjml)
          }}
        />
      </FieldTargetContext.Provider>
    </ReusableBlocksProvider>
  )
}
