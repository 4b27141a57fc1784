import { useEffect } from 'react'

export const SITE_NAME = 'SES Studio'

/** Sets the document title and meta description for the page on screen (one per route). */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title.includes(SITE_NAME) ? title : `${title} · ${SITE_NAME}`
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.append(meta)
    }
    meta.content = description
  }, [title, description])
}
