import type { ContentBlock, Paragraph, TextRun, VisualDocument } from '@app/contracts'
import { attributes, escapeText, padding, px, type Writer } from './mjml-writer'

const HEADING_SIZES = { 1: 28, 2: 22, 3: 18 } as const

/** Icons MJML 5 has; `-noshare` links to the profile itself rather than to the network's share dialog. */
const SOCIAL_ELEMENTS = {
  facebook: { name: 'facebook-noshare', label: 'Facebook' },
  x: { name: 'x-noshare', label: 'X' },
  instagram: { name: 'instagram-noshare', label: 'Instagram' },
  linkedin: { name: 'linkedin-noshare', label: 'LinkedIn' },
  youtube: { name: 'youtube-noshare', label: 'YouTube' },
  github: { name: 'github-noshare', label: 'GitHub' },
  pinterest: { name: 'pinterest-noshare', label: 'Pinterest' },
  // MJML 5.4 has no TikTok icon: its generic web icon, named in the alt and title text.
  tiktok: { name: 'web-noshare', label: 'TikTok' },
} as const

function runHtml(run: TextRun, linkColor: string): string {
  if (run.type === 'break') return '<br />'
  let html = escapeText(run.text)
  if (run.italic) html = `<em>${html}</em>`
  if (run.bold) html = `<strong>${html}</strong>`
  if (run.href !== null) html = `<a${attributes({ href: run.href, style: `color:${linkColor}` })}>${html}</a>`
  return html
}

function paragraphHtml(paragraph: Paragraph, marginBottom: number, linkColor: string): string {
  const content = paragraph.runs.map((run) => runHtml(run, linkColor)).join('') || '&nbsp;'
  return `<p style="margin:${marginBottom ? `0 0 ${marginBottom}px` : '0'}">${content}</p>`
}

/**
 * `onDark`: the block's section turns dark in dark mode (it has the page's or the content's background), so its
 * text turns light whatever its colour; on a background of its own (a coloured band) text keeps its colour.
 */
export function writeContent(
  writer: Writer,
  indent: number,
  block: ContentBlock,
  document: VisualDocument,
  onDark: boolean,
) {
  const { styles } = document
  const textClass = onDark ? 'text' : null
  switch (block.type) {
    case 'heading': {
      const size = block.fontSize ?? HEADING_SIZES[block.level]
      const tag = `h${block.level}`
      const style = `margin:0;font-size:${size}px;line-height:1.3;font-weight:700`
      writer.write(
        indent,
        `<mj-text${attributes({ align: block.align, color: block.color, padding: padding(block.padding), 'css-class': textClass })}><${tag} style="${style}">${escapeText(block.text)}</${tag}></mj-text>`,
      )
      return
    }
    case 'text': {
      writer.write(
        indent,
        `<mj-text${attributes({
          align: block.align,
          color: block.color,
          'font-size': px(block.fontSize),
          'line-height': String(block.lineHeight),
          padding: padding(block.padding),
          'css-class': textClass,
        })}>`,
      )
      block.paragraphs.forEach((paragraph, index) => {
        const last = index === block.paragraphs.length - 1
        writer.write(indent + 2, paragraphHtml(paragraph, last ? 0 : block.fontSize, styles.linkColor))
      })
      writer.write(indent, '</mj-text>')
      return
    }
    case 'button':
      writer.write(
        indent,
        `<mj-button${attributes({
          href: block.href,
          'background-color': block.backgroundColor,
          color: block.textColor,
          'font-size': px(block.fontSize),
          'font-weight': '600',
          'border-radius': px(block.borderRadius),
          align: block.align,
          'inner-padding': '12px 24px',
          padding: padding(block.padding),
          width: block.fullWidth ? '100%' : null,
        })}>${escapeText(block.text)}</mj-button>`,
      )
      return
    case 'image':
      writer.write(
        indent,
        `<mj-image${attributes({
          src: block.src,
          alt: block.alt,
          width: block.width === null ? null : px(block.width),
          href: block.href,
          align: block.align,
          padding: padding(block.padding),
        })} />`,
      )
      return
    case 'divider':
      writer.write(
        indent,
        `<mj-divider${attributes({
          'border-color': block.color,
          'border-width': px(block.thickness),
          'border-style': block.style,
          padding: padding(block.padding),
        })} />`,
      )
      return
    case 'spacer':
      writer.write(indent, `<mj-spacer${attributes({ height: px(block.height) })} />`)
      return
    case 'social':
      writer.write(
        indent,
        `<mj-social${attributes({ align: block.align, 'icon-size': px(block.iconSize), mode: 'horizontal', padding: padding(block.padding) })}>`,
      )
      for (const link of block.links) {
        const element = SOCIAL_ELEMENTS[link.network]
        writer.write(
          indent + 2,
          `<mj-social-element${attributes({ name: element.name, href: link.href, alt: element.label, title: element.label })}></mj-social-element>`,
        )
      }
      writer.write(indent, '</mj-social>')
      return
    case 'html':
      writer.write(
        indent,
        `<mj-text${attributes({ padding: padding(block.padding), 'css-class': textClass })}>`,
      )
      writer.lines.push(...block.html.split('\n'))
      writer.write(indent, '</mj-text>')
      return
  }
}
