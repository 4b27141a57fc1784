import type { CSSProperties } from 'react'
import { type ColorScheme, previewDocument } from './preview-document'

/** Desktop: the pane's width; mobile: a 390 px phone (its frame's CSS). */
export type PreviewWidth = 'desktop' | 'mobile'

interface PreviewFrameProps {
  html: string
  scheme: ColorScheme
  title: string
  className?: string | undefined
  style?: CSSProperties | undefined
}

/**
 * An email in a sandboxed frame: `sandbox=""` (no scripts, no same-origin, no forms, no popups, no navigation of
 * the app) and `srcdoc`, so it runs under the app's CSP: inline styles and `https:`/`data:` images show.
 */
export function PreviewFrame({ html, scheme, title, className, style }: PreviewFrameProps) {
  return (
    <iframe
      sandbox=""
      srcDoc={previewDocument(html, scheme)}
      title={title}
      className={className}
      referrerPolicy="no-referrer"
      style={{ ...style, colorScheme: scheme }}
    />
  )
}
