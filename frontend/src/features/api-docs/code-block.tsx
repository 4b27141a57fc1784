import { CopyButton } from '../../components/ui/copy-button'
import styles from './api-docs.module.css'

/** A code example with its language and a button copying it; the block scrolls sideways and takes keyboard focus. */
export function CodeBlock({ label, what, source }: { label: string; what: string; source: string }) {
  return (
    <figure className={styles.code}>
      <figcaption className={styles.codeCaption}>
        <span>{label}</span>
        <CopyButton text={source} what={`the ${label} example: ${what}`} />
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <pre tabIndex={0} className={styles.pre}>
        <code>{source}</code>
      </pre>
    </figure>
  )
}
