import type { ReactNode } from 'react'

/**
 * A table's frame that scrolls sideways on a phone. A region that scrolls must be reachable by keyboard
 * (WCAG 2.1.1, axe `scrollable-region-focusable`), so it takes focus and names itself.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string
  className: string | undefined
  children: ReactNode
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: see above: a scrolling region needs keyboard access
    <section className={className} aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}
