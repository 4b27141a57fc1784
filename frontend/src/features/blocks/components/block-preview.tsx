import type { TemplateEditorType } from '@app/contracts'
import { useId, useState } from 'react'
import { Spinner } from '../../../components/ui/spinner'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import { PreviewFrame, type PreviewWidth } from '../../email-editor/preview-frame'
import { useTemplatePreview } from '../../email-editor/use-template-preview'
import styles from './blocks.module.css'

/**
 * The block on its own, compiled in the browser as a template of its type would be (`previewSource` is the whole
 * email around the fragment), at a desktop or a phone's width.
 */
export function BlockPreview({
  editorType,
  previewSource,
}: {
  editorType: TemplateEditorType
  /** undefined when the source cannot be previewed (a VISUAL fragment that does not parse). */
  previewSource: string | undefined
}) {
  const [width, setWidth] = useState<PreviewWidth>('desktop')
  const titleId = useId()
  const preview = useTemplatePreview({
    editorType,
    source: previewSource ?? '',
    subject: '',
    textMode: 'generated',
    customText: '',
    sampleData: {},
  })
  // An MJML block is previewed inside `<mjml>` and `<mj-body>`, two lines above its own first line.
  const lineOffset = editorType === 'MJML' ? 2 : 0
  const errors = (preview.output?.findings ?? []).filter(
    (finding) => finding.severity === 'error' && finding.rule !== 'size.ses_limit',
  )
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <header className={styles.panelHeader}>
        <h2 id={titleId} className={styles.panelTitle}>
          Preview {preview.pending && <Spinner size="small" />}
        </h2>
        <ToggleButtons
          label="Preview width"
          options={[
            { value: 'desktop', label: 'Desktop' },
            { value: 'mobile', label: 'Mobile' },
          ]}
          value={width}
          onChange={setWidth}
        />
      </header>
      {previewSource === undefined ? (
        <p className={styles.muted}>Add at least one block to see a preview.</p>
      ) : preview.output ? (
        <div className={styles.frameWrap}>
          <PreviewFrame
            html={preview.output.html}
            scheme="light"
            title={`Email preview of the block, ${width} width`}
            className={width === 'mobile' ? styles.frameMobile : styles.frame}
          />
        </div>
      ) : preview.error ? null : (
        <p className={styles.muted}>
          <Spinner size="small" /> Compiling the preview…
        </p>
      )}
      {preview.error && (
        <p className={styles.problem} role="status">
          The preview could not be compiled: {preview.error}
        </p>
      )}
      {errors.length > 0 && (
        <ul className={styles.problems} aria-label="Problems">
          {errors.map((finding, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the checker's list, shown as it is
            <li key={index}>
              {finding.line && finding.line > lineOffset ? `Line ${finding.line - lineOffset}: ` : ''}
              {finding.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
