/**
 * How tall a raw HTML block is, for the canvas's sandboxed frame: the frame's document is out of the app's reach
 * (`sandbox=""`, an opaque origin, no scripts), so the height comes from laying out an inert copy in the app's own
 * page instead. The copy keeps only layout (tags, sizes, inline styles without `url()`), so nothing in it loads or
 * runs, and it lives in a closed shadow root off screen for one synchronous measurement: never painted.
 */

/** Never copied (they run, load, or describe the document rather than lay it out). */
const DROPPED = new Set([
  'script',
  'style',
  'link',
  'meta',
  'base',
  'title',
  'head',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'svg',
  'math',
  'audio',
  'video',
  'source',
  'track',
  'canvas',
  'form',
  'input',
  'button',
  'select',
  'textarea',
])
/** Copied as themselves: the tags emails lay out with. */
const KEPT = new Set([
  'a',
  'abbr',
  'address',
  'b',
  'big',
  'blockquote',
  'br',
  'caption',
  'center',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'ins',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'section',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
])
const KEPT_ATTRIBUTES = new Set([
  'style',
  'align',
  'valign',
  'width',
  'height',
  'colspan',
  'rowspan',
  'cellpadding',
  'cellspacing',
  'border',
  'dir',
  'size',
  'start',
  'type',
])
/** CSS that could fetch something (`url()`, `image-set()`, `@import`) or run it (old IE's `expression`, `behavior`). */
const LOADING_CSS = /url\s*\(|image-set|@import|expression\s*\(|behavior\s*:|-moz-binding/i

export type TagTreatment = 'keep' | 'drop' | 'unwrap' | 'image'

/** What the copy does with an element: keep it, drop it with its content, keep only its content, or an image box. */
export function tagTreatment(tagName: string): TagTreatment {
  const name = tagName.toLowerCase()
  if (name === 'img') return 'image'
  if (DROPPED.has(name)) return 'drop'
  return KEPT.has(name) ? 'keep' : 'unwrap'
}

/** Whether the copy keeps an attribute: layout only, and inline styles only when they load nothing. */
export function keepsAttribute(name: string, value: string): boolean {
  const lower = name.toLowerCase()
  if (!KEPT_ATTRIBUTES.has(lower)) return false
  return lower !== 'style' || !LOADING_CSS.test(value)
}

/** An image's box: its width and height attributes (or a style without loads), never its source. */
function imageBox(image: Element, into: Document): HTMLElement {
  const box = into.createElement('span')
  box.style.display = 'inline-block'
  const style = image.getAttribute('style')
  if (style && keepsAttribute('style', style)) box.style.cssText += style
  box.style.display = box.style.display === 'block' ? 'block' : 'inline-block'
  for (const side of ['width', 'height'] as const) {
    const value = image.getAttribute(side)
    if (value && /^\d+(\.\d+)?$/.test(value)) box.style[side] = `${value}px`
  }
  return box
}

function copyChildren(from: Node, to: Node, into: Document) {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(into.createTextNode(child.textContent ?? ''))
      continue
    }
    if (!(child instanceof Element)) continue
    const treatment = tagTreatment(child.tagName)
    if (treatment === 'drop') continue
    if (treatment === 'image') {
      to.appendChild(imageBox(child, into))
      continue
    }
    if (treatment === 'unwrap') {
      copyChildren(child, to, into)
      continue
    }
    const element = into.createElement(child.tagName.toLowerCase())
    for (const attribute of Array.from(child.attributes)) {
      if (keepsAttribute(attribute.name, attribute.value))
        element.setAttribute(attribute.name, attribute.value)
    }
    copyChildren(child, element, into)
    to.appendChild(element)
  }
}

/** The raw HTML's height in CSS pixels at `width`, with the body style its frame uses. */
export function measureRawHtml(html: string, width: number, bodyStyle: string): number {
  const parsed = new DOMParser().parseFromString(html, 'text/html')
  const host = document.createElement('div')
  host.style.cssText = `position:absolute;top:0;left:-100000px;width:${width}px;visibility:hidden;contain:strict;height:0;overflow:hidden`
  const root = host.attachShadow({ mode: 'closed' })
  const body = document.createElement('div')
  body.style.cssText = `${bodyStyle};display:flow-root`
  copyChildren(parsed.body, body, document)
  root.appendChild(body)
  document.body.appendChild(host)
  const height = body.getBoundingClientRect().height
  host.remove()
  return Math.ceil(height)
}
