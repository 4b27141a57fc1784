import { marked } from 'marked'
import { useMemo } from 'react'

/**
 * Renders Markdown that ships inside this repository (blog posts, legal pages). The input is our own reviewed
 * content, never user input, so the HTML is not sanitised; do not pass text from users or the API here.
 */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(
    // Code blocks may scroll sideways on narrow screens: keyboard users must be able to focus and scroll them.
    () => marked.parse(source, { async: false, gfm: true }).replaceAll('<pre>', '<pre tabindex="0">'),
    [source],
  )
  // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, repository-authored Markdown (see above)
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />
}
