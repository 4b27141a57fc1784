import { Parser } from 'htmlparser2'

export interface VisibleLink {
  href: string
  /** The link's visible text (collapsed whitespace; an image link counts its alt text). */
  text: string
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'wbr',
])
const INVISIBLE_STYLE =
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:px|pt|em|rem|%)?\s*(?:;|$)|opacity\s*:\s*0(?:\.0+)?\s*(?:;|$))/i
const SKIPPED = new Set(['head', 'style', 'script', 'title', 'template'])

/**
 * The links a reader can see and click in an HTML email: `<a href>` outside hidden elements (`hidden`,
 * `display:none`, `visibility:hidden`, zero font size or opacity, `<head>`/`<style>`/`<script>`), each with its
 * visible text. Handlebars tags are kept as written (`href="{{unsubscribeUrl}}"`).
 */
export function visibleLinks(html: string): VisibleLink[] {
  const links: VisibleLink[] = []
  // One entry per open element: whether it hides what it holds.
  const hiding: boolean[] = []
  const open: { href: string; text: string; depth: number }[] = []
  const hidden = () => hiding.includes(true)
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const hides =
          SKIPPED.has(name) || 'hidden' in attributes || INVISIBLE_STYLE.test(attributes.style ?? '')
        if (!VOID.has(name)) hiding.push(hides)
        if (hidden() || hides) return
        if (name === 'a' && attributes.href)
          open.push({ href: attributes.href, text: '', depth: hiding.length })
        if (name === 'img' && attributes.alt) for (const link of open) link.text += ` ${attributes.alt}`
      },
      ontext(text) {
        if (hidden()) return
        for (const link of open) link.text += text
      },
      onclosetag(name) {
        if (VOID.has(name)) return
        const depth = hiding.length
        hiding.pop()
        const last = open.at(-1)
        if (name === 'a' && last && last.depth === depth) {
          open.pop()
          links.push({ href: last.href, text: last.text.replace(/\s+/g, ' ').trim() })
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  )
  parser.write(html)
  parser.end()
  return links
}
