import { blockIncludeTag } from '@app/contracts'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '../../../lib/paths'
import type { ReusableBlocks } from '../visual/reusable-blocks'
import styles from './editor.module.css'

/**
 * MJML and HTML templates: inserts a reusable block's include tag (`<!-- block:<id> -->`) at the cursor; the
 * block is composed in where the tag stands whenever the template compiles.
 */
export function IncludeBlockPicker({
  blocks,
  onInsert,
}: {
  blocks: ReusableBlocks
  onInsert: (tag: string) => void
}) {
  const id = useId()
  if (blocks.status === 'locked') {
    return (
      <p className={styles.muted}>
        Reusable blocks (a header or footer kept in one place) come with the {blocks.lockedUntil} plan.
      </p>
    )
  }
  if (blocks.status === 'ready' && blocks.available.length === 0) {
    return (
      <p className={styles.muted}>
        No reusable blocks of this type yet: <Link to={paths.blocks()}>create one</Link> to include it here.
      </p>
    )
  }
  return (
    <div className={styles.includePicker}>
      <label htmlFor={id}>Insert a reusable block</label>
      <select
        id={id}
        value=""
        disabled={blocks.status !== 'ready'}
        onChange={(event) => {
          const blockId = event.target.value
          if (blockId) onInsert(`${blockIncludeTag(blockId)}\n`)
        }}
      >
        <option value="">
          {blocks.status === 'loading'
            ? 'Loading…'
            : blocks.status === 'error'
              ? 'Could not load the blocks'
              : 'Choose a block…'}
        </option>
        {blocks.available.map((block) => (
          <option key={block.id} value={block.id}>
            {block.name}
          </option>
        ))}
      </select>
    </div>
  )
}
