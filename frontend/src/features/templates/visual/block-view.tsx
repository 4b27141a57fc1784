import {
  type ContentBlock,
  type DocumentStyles,
  FONT_STACKS,
  type Padding,
  type Paragraph,
} from '@app/contracts'
import type { CSSProperties } from 'react'
import { RawHtmlFrame } from './raw-html-frame'
import styles from './visual.module.css'

const HEADING_SIZES = { 1: 28, 2: 22, 3: 18 } as const

export function paddingStyle(padding: Padding): CSSProperties {
  return { padding: `${padding.top}px ${padding.right}px ${padding.bottom}px ${padding.left}px` }
}

function Runs({ paragraph, linkColor }: { paragraph: Paragraph; linkColor: string }) {
  return paragraph.runs.map((run, index) => {
    // biome-ignore lint/suspicious/noArrayIndexKey: runs have no identity beyond their place
    if (run.type === 'break') return <br key={index} />
    let content: React.ReactNode = run.text
    if (run.bold) content = <strong>{content}</strong>
    if (run.italic) content = <em>{content}</em>
    if (run.href !== null) {
      content = (
        <span className={styles.canvasLink} style={{ color: linkColor }} title={run.href}>
          {content}
        </span>
      )
    }
    // biome-ignore lint/suspicious/noArrayIndexKey: runs have no identity beyond their place
    return <span key={index}>{content}</span>
  })
}

/**
 * A block drawn with React elements roughly as the email shows it (the preview beside it is the real thing).
 * Nothing here injects the block's HTML into the app: raw HTML is drawn in a sandboxed frame.
 */
export function BlockView({
  block,
  styles: documentStyles,
}: {
  block: ContentBlock
  styles: DocumentStyles
}) {
  switch (block.type) {
    case 'heading': {
      const Tag = `h${block.level}` as 'h1' | 'h2' | 'h3'
      return (
        <Tag
          className={styles.canvasHeading}
          style={{
            ...paddingStyle(block.padding),
            textAlign: block.align,
            color: block.color ?? documentStyles.textColor,
            fontSize: block.fontSize ?? HEADING_SIZES[block.level],
          }}
        >
          {block.text || <span className={styles.placeholder}>Empty heading</span>}
        </Tag>
      )
    }
    case 'text':
      return (
        <div
          style={{
            ...paddingStyle(block.padding),
            textAlign: block.align,
            color: block.color ?? documentStyles.textColor,
            fontSize: block.fontSize,
            lineHeight: block.lineHeight,
          }}
        >
          {block.paragraphs.map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity beyond their place
            <p key={index} className={styles.canvasParagraph}>
              {paragraph.runs.length > 0 ? (
                <Runs paragraph={paragraph} linkColor={documentStyles.linkColor} />
              ) : (
                <br />
              )}
            </p>
          ))}
        </div>
      )
    case 'button':
      return (
        <div style={{ ...paddingStyle(block.padding), textAlign: block.align }}>
          <span
            className={styles.canvasButton}
            style={{
              background: block.backgroundColor,
              color: block.textColor,
              fontSize: block.fontSize,
              borderRadius: block.borderRadius,
              display: block.fullWidth ? 'block' : 'inline-block',
            }}
          >
            {block.text}
          </span>
        </div>
      )
    case 'image': {
      const shown = /^https:\/\//i.test(block.src) && !block.src.includes('{{')
      return (
        <div style={{ ...paddingStyle(block.padding), textAlign: block.align }}>
          {shown ? (
            <img
              src={block.src}
              alt={block.alt}
              className={styles.canvasImage}
              style={{ width: block.width ?? '100%' }}
            />
          ) : (
            <span className={styles.imagePlaceholder} style={{ width: block.width ?? '100%' }}>
              Image{block.src ? `: ${block.src}` : ' (no address yet)'}
            </span>
          )}
        </div>
      )
    }
    case 'divider':
      return (
        <div style={paddingStyle(block.padding)}>
          <div style={{ borderTop: `${block.thickness}px ${block.style} ${block.color}` }} />
        </div>
      )
    case 'spacer':
      return (
        <div className={styles.canvasSpacer} style={{ height: block.height }}>
          <span>Spacer · {block.height}px</span>
        </div>
      )
    case 'social':
      return (
        <div style={{ ...paddingStyle(block.padding), textAlign: block.align }}>
          {block.links.map((link, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: a network may repeat while being edited
              key={index}
              className={styles.socialIcon}
              style={{ width: block.iconSize, height: block.iconSize, fontSize: block.iconSize * 0.45 }}
              title={link.network}
            >
              {link.network === 'x' ? 'X' : link.network.slice(0, 2)}
            </span>
          ))}
        </div>
      )
    case 'html':
      return (
        <div style={paddingStyle(block.padding)} className={styles.rawHtmlBlock}>
          {block.html.trim() ? (
            <RawHtmlFrame
              html={block.html}
              fontFamily={FONT_STACKS[documentStyles.fontFamily]}
              color={documentStyles.textColor}
            />
          ) : (
            <div className={styles.rawHtml}>
              <span className={styles.rawHtmlLabel}>Raw HTML</span>
              <p className={styles.rawHtmlEmpty}>No code yet: write it in the block’s settings.</p>
            </div>
          )}
        </div>
      )
  }
}
