import { useLayoutEffect, useRef, useState } from 'react'
import { measureRawHtml } from './raw-html-measure'
import styles from './visual.module.css'

interface RawHtmlFrameProps {
  html: string
  fontFamily: string
  color: string
}

function bodyStyle({ fontFamily, color }: Omit<RawHtmlFrameProps, 'html'>) {
  return `margin:0;font-family:${fontFamily};color:${color};font-size:16px;line-height:1.5;overflow-wrap:anywhere`
}

/**
 * A raw HTML block drawn as the email draws it, in a frame like the preview's (`sandbox=""`: no scripts, an opaque
 * origin, no navigation) and as tall as its content. Clicks go through to the block (the frame takes none).
 */
export function RawHtmlFrame({ html, fontFamily, color }: RawHtmlFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null)
  const [height, setHeight] = useState<number>()
  const style = bodyStyle({ fontFamily, color })

  useLayoutEffect(() => {
    const element = frame.current
    if (!element) return
    let width = -1
    const measure = () => {
      if (element.clientWidth === width) return
      width = element.clientWidth
      setHeight(measureRawHtml(html, width, style))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [html, style])

  return (
    <iframe
      ref={frame}
      sandbox=""
      srcDoc={`<!doctype html><html><head><base target="_blank"><style>body{${style}}</style></head><body>${html}</body></html>`}
      title="Raw HTML block, as the email shows it"
      referrerPolicy="no-referrer"
      tabIndex={-1}
      className={styles.rawHtmlFrame}
      style={{ height: Math.max(height ?? 24, 24) }}
    />
  )
}
