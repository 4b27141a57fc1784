import type { CreateTemplateBody } from '@app/contracts'
import { compileTemplate, enginePreviewValues, renderTemplate } from '@app/email/browser'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { type RefObject, useEffect, useRef, useState } from 'react'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { PreviewFrame } from '../../email-editor/preview-frame'
import { EDITOR_LABELS } from '../template-display'
import styles from './gallery.module.css'

/** One card of the gallery: a starter or a blank page in the format it would be created with. */
export interface Choice {
  key: string
  title: string
  description: string
  editorType: 'MJML' | 'HTML' | 'VISUAL'
  suggestedName: string
  body: (name: string) => CreateTemplateBody
  /** What its thumbnail compiles and renders. */
  thumbnail: { input: CompileInput; subject: string; sampleData: Record<string, unknown> }
}

export type CompileInput = Parameters<typeof compileTemplate>[0]

/**
 * One card's thumbnail, compiled (mjml-browser) and rendered with its sample data once per visit, when the card
 * comes into view: the first cards show while the others wait, and a format nobody picks is never compiled.
 */
function thumbnailQuery(choice: Choice) {
  return queryOptions({
    queryKey: ['template-gallery', 'thumbnail', choice.key] as const,
    queryFn: async () => {
      const { input, subject, sampleData } = choice.thumbnail
      const compiled = await compileTemplate(input)
      // What a campaign fills in itself shows as the editor's preview shows it.
      const engine = enginePreviewValues({ origin: window.location.origin })
      const render = renderTemplate({ subject, html: compiled.html }, { ...sampleData, ...engine })
      return { html: render.html ?? compiled.html, subject: render.subject ?? '' }
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  })
}

/** A card: its thumbnail (a skeleton until it is compiled), what it is, and "Use …". */
export function StarterCard({ choice, onUse }: { choice: Choice; onUse: () => void }) {
  const card = useRef<HTMLLIElement>(null)
  const visible = useSeen(card)
  const thumbnail = useQuery({ ...thumbnailQuery(choice), enabled: visible })
  return (
    <li ref={card} className={styles.card}>
      <div className={styles.thumb} inert>
        {!thumbnail.data && (
          <div className={styles.skeleton} data-testid="thumbnail-skeleton">
            {thumbnail.isError ? (
              <span className={styles.thumbProblem}>
                The preview could not be built; the starter still works.
              </span>
            ) : (
              <span className="visually-hidden">Rendering the preview…</span>
            )}
          </div>
        )}
        {thumbnail.data && (
          <PreviewFrame html={thumbnail.data.html} scheme="light" title={`Preview of ${choice.title}`} />
        )}
      </div>
      <div className={styles.cardBody}>
        <h2 className={styles.cardTitle}>
          {choice.title} <Badge>{EDITOR_LABELS[choice.editorType]}</Badge>
        </h2>
        <p className={styles.description}>{choice.description}</p>
        {thumbnail.data?.subject && (
          <p className={styles.subject}>
            <span className={styles.muted}>Subject:</span> {thumbnail.data.subject}
          </p>
        )}
      </div>
      <div className={styles.cardFooter}>
        <Button variant={choice.key.startsWith('blank') ? 'secondary' : 'primary'} onClick={onUse}>
          Use {choice.title}
        </Button>
      </div>
    </li>
  )
}

/** True once the element has come within a screen of the viewport (and stays true). */
function useSeen(element: RefObject<Element | null>) {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const target = element.current
    if (seen || !target) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
      },
      { rootMargin: '100% 0px' },
    )
    observer.observe(target)
    return () => observer.disconnect()
  }, [element, seen])
  return seen
}
