import { useEffect, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { SelectField } from '../../../components/ui/select-field'
import { Spinner } from '../../../components/ui/spinner'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import type { ColorScheme } from '../../email-editor/preview-document'
import { insecureImageSources } from '../../email-editor/preview-document'
import { PreviewFrame, type PreviewWidth } from '../../email-editor/preview-frame'
import { isBrokenOutput, type PreviewOutput } from '../../email-editor/use-template-preview'
import styles from './editor.module.css'

/** A desktop client's reading pane, and a phone (iPhone 12–15); the frame is drawn smaller when the pane is. */
const FRAME_WIDTHS: Record<PreviewWidth, number> = { desktop: 680, mobile: 390 }
const FRAME_HEIGHT = 760
/** Below this room a desktop-width email would be drawn at under ~80 %: the preview starts at phone width. */
const LEGIBLE_DESKTOP_ROOM = 560

import type { SampleSetDraft } from './working-copy'

interface PreviewPaneProps {
  output: PreviewOutput | undefined
  /** The last result that produced an email, shown under the errors while the source does not compile. */
  lastGood: PreviewOutput | undefined
  pending: boolean
  failure: string | undefined
  sets: readonly SampleSetDraft[]
  selected: number
  onSelect: (index: number) => void
  sampleProblem: string | undefined
  onEditSamples: () => void
}

/** The email as SES would render it with the chosen sample data: desktop or phone width, light or dark. */
export function PreviewPane({
  output,
  lastGood,
  pending,
  failure,
  sets,
  selected,
  onSelect,
  sampleProblem,
  onEditSamples,
}: PreviewPaneProps) {
  const [chosenWidth, setWidth] = useState<PreviewWidth>()
  const wrap = useRef<HTMLDivElement>(null)
  const [room, setRoom] = useState<number>()
  useEffect(() => {
    const element = wrap.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setRoom(entry.contentRect.width)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  // Until the author picks one: a phone's width where a desktop email would be drawn too small to read.
  const width = chosenWidth ?? (room !== undefined && room < LEGIBLE_DESKTOP_ROOM ? 'mobile' : 'desktop')
  const frameWidth = FRAME_WIDTHS[width]
  const scale = room ? Math.min(1, room / frameWidth) : 1
  const [scheme, setScheme] = useState<ColorScheme>('light')
  const broken = output !== undefined && isBrokenOutput(output)
  const shown = broken && lastGood ? lastGood : output
  const render = shown?.render
  const html = render?.html ?? shown?.html
  const insecure = html ? insecureImageSources(html) : []
  const missing = render ? [...new Set(render.missing.map((item) => item.path))] : []

  return (
    <section className={styles.previewPane} aria-label="Preview">
      <div className={styles.previewTools}>
        <ToggleButtons
          label="Preview width"
          options={[
            { value: 'desktop', label: 'Desktop' },
            { value: 'mobile', label: 'Mobile' },
          ]}
          value={width}
          onChange={setWidth}
        />
        <ToggleButtons
          label="Color scheme"
          options={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
          value={scheme}
          onChange={setScheme}
        />
        <SelectField
          label="Sample data"
          className={styles.sampleSelect}
          value={String(selected)}
          onChange={(event) => onSelect(Number(event.target.value))}
          disabled={sets.length === 0}
        >
          {sets.length === 0 && <option value="0">No sample data</option>}
          {sets.map((set, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: set names may repeat while being edited
            <option key={index} value={index}>
              {set.name || `Set ${index + 1}`}
            </option>
          ))}
        </SelectField>
        <span className={styles.previewStatus} aria-live="polite">
          {pending ? (
            <>
              <Spinner size="small" /> Updating…
            </>
          ) : (
            'Up to date'
          )}
        </span>
      </div>

      {failure && (
        <Alert tone="danger" role="alert" title="The preview could not be built">
          {failure}
        </Alert>
      )}
      {sampleProblem && (
        <Alert
          tone="warning"
          actions={
            <Button size="small" variant="secondary" onClick={onEditSamples}>
              Fix sample data
            </Button>
          }
        >
          The sample data is not valid JSON, so the preview uses its last valid version. {sampleProblem}
        </Alert>
      )}
      {render && render.errors.length > 0 && (
        <Alert tone="danger" title="SES would refuse this template">
          <ul className={styles.plainList}>
            {render.errors.slice(0, 5).map((error) => (
              <li key={`${error.part}-${error.line}-${error.column}-${error.code}`}>
                {error.part === 'subject' ? 'Subject' : error.part === 'text' ? 'Text part' : 'HTML'}, line{' '}
                {error.line}: {error.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {render && render.errors.length === 0 && render.renderingFailure && (
        <Alert
          tone="warning"
          title="SES would drop this message"
          actions={
            <Button size="small" variant="secondary" onClick={onEditSamples}>
              Add sample values
            </Button>
          }
        >
          <p>
            With this sample data SES accepts the send, then drops the message with a Rendering Failure: “
            {render.renderingFailure}”
          </p>
          <p>
            Missing:{' '}
            {missing.map((path, index) => (
              <span key={path}>
                {index > 0 && ', '}
                <code>{path}</code>
              </span>
            ))}
            . They show empty below.
          </p>
        </Alert>
      )}
      {insecure.length > 0 && (
        <Alert tone="info">
          {insecure.length === 1 ? 'An image loads' : `${insecure.length} images load`} over plain http://,
          which this preview (and many mail clients) blocks: use https:// addresses.
        </Alert>
      )}

      <div className={styles.envelope}>
        <p className={styles.envelopeSubject}>
          <span className={styles.muted}>Subject</span>{' '}
          <strong>{render?.subject ?? (output ? '—' : '…')}</strong>
        </p>
      </div>
      <div
        ref={wrap}
        className={`${styles.frameWrap} ${scheme === 'dark' ? styles.frameDark : ''}`}
        data-preview-width={width}
        data-preview-scheme={scheme}
        data-preview-scale={scale.toFixed(2)}
      >
        {broken && output && (
          <div className={styles.frameErrors} role="alert">
            <strong>
              {lastGood
                ? 'This does not compile: the preview shows the last version that did.'
                : 'This does not compile yet.'}
            </strong>
            <ul className={styles.plainList}>
              {output.compileErrors.slice(0, 5).map((error) => (
                <li key={`${error.line}-${error.message}`}>
                  {error.blockId ? '' : `Line ${error.line}: `}
                  {error.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        {html === undefined ? (
          <div className={styles.frameLoading}>
            <Spinner /> Compiling the template…
          </div>
        ) : (
          <div
            className={styles.frameBox}
            style={{ width: frameWidth * scale, height: FRAME_HEIGHT * scale }}
          >
            <PreviewFrame
              html={html}
              scheme={scheme}
              title={`Email preview, ${width === 'mobile' ? 'mobile' : 'desktop'} width, ${scheme} mode`}
              className={width === 'mobile' ? styles.frameMobile : styles.frame}
              style={{
                width: frameWidth,
                height: FRAME_HEIGHT,
                transform: scale < 1 ? `scale(${scale})` : undefined,
              }}
            />
          </div>
        )}
      </div>
      {scale < 1 && html !== undefined && (
        <p className={styles.scaleNote}>
          Shown at {Math.round(scale * 100)} % of its {frameWidth} px width.
        </p>
      )}
    </section>
  )
}
