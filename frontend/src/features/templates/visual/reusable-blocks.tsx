import {
  type BlockSummary,
  type DocumentStyles,
  parseBlockFragment,
  type TemplateEditorType,
  type VisualBlock,
} from '@app/contracts'
import { createContext, useContext, useMemo } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '../../../lib/paths'
import { BLOCK_LABELS, blockName } from './block-names'
import { BlockView } from './block-view'
import { PaletteItem } from './palette-item'
import styles from './visual.module.css'

/** The organization's reusable blocks as the template editor loaded them, for the palette and the canvas. */
export interface ReusableBlocks {
  /** 'locked': the plan has no reusable blocks (`lockedUntil` names the plan that does). */
  status: 'ready' | 'loading' | 'locked' | 'error'
  lockedUntil?: string
  /** The organization's VISUAL blocks, by name. */
  available: readonly BlockSummary[]
  /** The blocks this template references, with their source. */
  loaded: Readonly<Record<string, { editorType: TemplateEditorType; source: string; name: string }>>
}

const ReusableBlocksContext = createContext<ReusableBlocks | undefined>(undefined)
export const ReusableBlocksProvider = ReusableBlocksContext.Provider

type BlockRef = Extract<VisualBlock, { type: 'blockRef' }>

/** A referenced block's name and blocks, once loaded; `missing` when it is gone or of another type. */
function useReferenced(blockId: string) {
  const blocks = useContext(ReusableBlocksContext)
  const loaded = blocks?.loaded[blockId]
  const summary = blocks?.available.find((block) => block.id === blockId)
  return useMemo(() => {
    const name = loaded?.name ?? summary?.name
    if (!loaded) return { name, blocks: undefined, missing: blocks?.status === 'ready' && !summary }
    if (loaded.editorType !== 'VISUAL') return { name, blocks: undefined, missing: true }
    const parsed = parseBlockFragment(loaded.source)
    return { name, blocks: parsed.ok ? parsed.fragment.blocks : undefined, missing: !parsed.ok }
  }, [loaded, summary, blocks?.status])
}

/** The canvas block's accessible name: "Reusable block: Header". */
export function useBlockName(block: VisualBlock): string {
  const referenced = useReferenced(block.type === 'blockRef' ? block.blockId : '')
  if (block.type !== 'blockRef') return blockName(block)
  return `${BLOCK_LABELS.blockRef}: ${referenced.name ?? (referenced.missing ? 'missing' : 'loading')}`
}

/** A reusable block on the canvas: its own blocks as they look (read-only), under its name. */
export function BlockRefView({ block, styles: look }: { block: BlockRef; styles: DocumentStyles }) {
  const referenced = useReferenced(block.blockId)
  return (
    <div className={styles.blockRef}>
      <span className={styles.blockRefLabel}>
        {BLOCK_LABELS.blockRef}: {referenced.name ?? <code>{block.blockId}</code>}
      </span>
      {referenced.blocks ? (
        <div className={styles.blockRefBody}>
          {referenced.blocks.map((inner) =>
            inner.type === 'columns' ? (
              <div key={inner.id} className={styles.blockRefColumns}>
                {inner.columns.map((column) => (
                  <div key={column.id} style={{ flexBasis: `${column.width}%` }}>
                    {column.blocks.map((content) => (
                      <BlockView key={content.id} block={content} styles={look} />
                    ))}
                  </div>
                ))}
              </div>
            ) : inner.type === 'blockRef' ? null : (
              <BlockView key={inner.id} block={inner} styles={look} />
            ),
          )}
        </div>
      ) : (
        <span className={styles.hint}>
          {referenced.missing
            ? 'This reusable block no longer exists (or is not a visual block): delete it here, or pick another.'
            : 'Loading the block…'}
        </span>
      )}
    </div>
  )
}

/** The settings pane of a reusable block: what it is and where to change it. */
export function BlockRefProperties({ block }: { block: BlockRef }) {
  const referenced = useReferenced(block.blockId)
  return (
    <>
      <p className={styles.hint}>
        <strong>{referenced.name ?? block.blockId}</strong> is one of your organization's reusable blocks. It
        is composed in when the template compiles, so changing it changes every template using it.
      </p>
      {!referenced.missing && (
        <Link to={paths.block(block.blockId)} target="_blank" rel="noopener" className={styles.blockRefLink}>
          Edit the block (opens a new tab)
        </Link>
      )}
    </>
  )
}

/** The palette's reusable blocks: drag one onto the canvas, or click to add it after the selection. */
export function ReusableBlocksPalette({ onAdd }: { onAdd: (blockId: string) => void }) {
  const blocks = useContext(ReusableBlocksContext)
  if (!blocks) return null
  return (
    <section className={styles.paletteGroup} aria-labelledby="visual-reusable-title">
      <h2 id="visual-reusable-title" className={styles.paneTitle}>
        Reusable blocks
      </h2>
      {blocks.status === 'locked' ? (
        <p className={styles.hint}>
          Headers and footers shared by many templates come with the {blocks.lockedUntil} plan.{' '}
          <Link to={paths.billing()}>See plans</Link>
        </p>
      ) : blocks.status === 'loading' ? (
        <p className={styles.hint}>Loading your blocks…</p>
      ) : blocks.status === 'error' ? (
        <p className={styles.hint}>Your reusable blocks could not be loaded.</p>
      ) : blocks.available.length === 0 ? (
        <p className={styles.hint}>
          No visual blocks yet. <Link to={paths.blocks()}>Create one</Link> (a header or footer) to use it in
          many templates.
        </p>
      ) : (
        <ul className={styles.paletteList}>
          {blocks.available.map((block) => (
            <PaletteItem
              key={block.id}
              data={{ kind: 'palette', blockType: 'blockRef', label: block.name, blockId: block.id }}
              hint={`Used by ${block.usedByCount}`}
              onAdd={() => onAdd(block.id)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
