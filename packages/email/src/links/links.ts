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
/** Styles that hide an element and everything in it, whatever its children say. */
const HIDING_STYLE =
  /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0+)?\s*(?:!important\s*)?(?:;|$))/i
/** The last `font-size` an element declares (`font-size:0px` → '0px'); inherited by its children until one sets it. */
const FONT_SIZE = /(?:^|;)\s*font-size\s*:\s*([^;]+)/gi
const ZERO_SIZE = /^0*\.?0*(?:px|pt|em|rem|%)?\s*(?:!important)?$/i
const SKIPPED = new Set(['head', 'style', 'script', 'title', 'template'])

/** Whether the element's own style sets a zero font size (true), a readable one (false), or none (undefined). */
function zeroFontSize(style: string): boolean | undefined {
  let last: string | undefined
  for (const match of style.matchAll(FONT_SIZE)) last = match[1]?.trim()
  return last === undefined ? undefined : ZERO_SIZE.test(last)
}

/**
 * The links a reader can see and click in an HTML email: `<a href>` outside hidden elements (`hidden`,
 * `display:none`, `visibility:hidden`, zero opacity, `<head>`/`<style>`/`<script>`), each with the text a reader
 * sees. A zero font size hides text only where it is the size the text ends up with: MJML sets `font-size:0px` on
 * the row that holds its inline-block columns (to close the gaps between them) and every column sets its own size
 * again, so what is inside reads. An image link counts its alt text (an image has its own size). Handlebars tags
 * are kept as written (`href="{{unsubscribeUrl}}"`).
 */
export function visibleLinks(html: string): VisibleLink[] {
  const links: VisibleLink[] = []
  // One entry per open element: whether it hides what it holds, and the font size it sets (if any).
  const stack: { hides: boolean; zeroSize: boolean | undefined }[] = []
  const open: { href: string; text: string; depth: number }[] = []
  const hidden = () => stack.some((entry) => entry.hides)
  const sizedToZero = () => stack.findLast((entry) => entry.zeroSize !== undefined)?.zeroSize === true
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const style = attributes.style ?? ''
        const hides = SKIPPED.has(name) || 'hidden' in attributes || HIDING_STYLE.test(style)
        if (!VOID.has(name)) stack.push({ hides, zeroSize: zeroFontSize(style) })
        if (hidden() || hides) return
        if (name === 'a' && attributes.href)
          open.push({ href: attributes.href, text: '', depth: stack.length })
        if (name === 'img' && attributes.alt) for (const link of open) link.text += ` ${attributes.alt}`
      },
      ontext(text) {
        if (hidden() || sizedToZero()) return
        for (const link of open) link.text += text
      },
      onclosetag(name) {
        if (VOID.has(name)) return
        const depth = stack.length
        stack.pop()
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
