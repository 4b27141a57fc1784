import {
  DIVIDER_STYLES,
  HtmlBlockSchema,
  type Paragraph,
  type VisualBlock,
  type VisualDocument,
} from '@app/contracts'
import { lazy, Suspense, useState } from 'react'
import { SelectField } from '../../../components/ui/select-field'
import { Spinner } from '../../../components/ui/spinner'
import { CodeEditor } from '../../email-editor/code-editor'
import { BLOCK_LABELS } from './block-names'
import type { BlockPatch } from './document'
import {
  AlignField,
  CheckboxField,
  ColorField,
  DraftTextField,
  NumberField,
  PaddingField,
  urlProblem,
} from './fields'
import { ColumnsProperties, SocialProperties } from './layout-properties'
import { BlockRefProperties } from './reusable-blocks'
import styles from './visual.module.css'

const RichTextEditor = lazy(() => import('./rich-text-editor'))

/** Changes one block; `field` names what is edited so typing in it coalesces into one undo step. */
export type BlockChange = (patch: BlockPatch, field?: string) => void

function oneLine(what: string, max: number, required = false) {
  return (value: string) => {
    if (required && !value.trim()) return `${what} cannot be empty.`
    if (/[\r\n]/.test(value)) return `${what} is one line.`
    if (value.length > max) return `${what} is at most ${max} characters.`
    return undefined
  }
}

/** The selected block's settings. */
export function BlockProperties({
  block,
  document,
  onChange,
  onLayout,
}: {
  block: VisualBlock
  document: VisualDocument
  onChange: BlockChange
  onLayout: (widths: readonly number[]) => void
}) {
  const look = document.styles
  switch (block.type) {
    case 'heading':
      return (
        <>
          <DraftTextField
            label="Heading text"
            value={block.text}
            insertable
            validate={oneLine('A heading', 500)}
            onCommit={(text) => onChange({ text }, 'text')}
          />
          <SelectField
            label="Level"
            value={String(block.level)}
            onChange={(event) => onChange({ level: Number(event.target.value) as 1 | 2 | 3 })}
          >
            <option value="1">Heading 1 (28px)</option>
            <option value="2">Heading 2 (22px)</option>
            <option value="3">Heading 3 (18px)</option>
          </SelectField>
          <AlignField value={block.align} onCommit={(align) => onChange({ align })} />
          <ColorField
            label="Text colour"
            value={block.color}
            fallback={look.textColor}
            onCommit={(color) => onChange({ color }, 'color')}
          />
          <NumberField
            label="Font size (px)"
            value={block.fontSize}
            min={8}
            max={72}
            nullable
            hint="Empty: the level’s size."
            onCommit={(fontSize) => onChange({ fontSize }, 'fontSize')}
          />
          <PaddingField value={block.padding} onCommit={(padding) => onChange({ padding }, 'padding')} />
        </>
      )
    case 'text':
      return (
        <>
          <Suspense
            fallback={
              <span className={styles.hint}>
                <Spinner size="small" /> Loading the text editor…
              </span>
            }
          >
            <RichTextEditor
              key={block.id}
              label="Text content"
              paragraphs={block.paragraphs}
              onChange={(paragraphs: Paragraph[]) => onChange({ paragraphs }, 'paragraphs')}
            />
          </Suspense>
          <AlignField value={block.align} onCommit={(align) => onChange({ align })} />
          <ColorField
            label="Text colour"
            value={block.color}
            fallback={look.textColor}
            onCommit={(color) => onChange({ color }, 'color')}
          />
          <NumberField
            label="Font size (px)"
            value={block.fontSize}
            min={8}
            max={72}
            onCommit={(fontSize) => onChange({ fontSize: fontSize ?? 16 }, 'fontSize')}
          />
          <NumberField
            label="Line height"
            value={block.lineHeight}
            min={1}
            max={3}
            step={0.1}
            hint="A multiple of the font size, 1–3."
            onCommit={(lineHeight) => onChange({ lineHeight: lineHeight ?? 1.6 }, 'lineHeight')}
          />
          <PaddingField value={block.padding} onCommit={(padding) => onChange({ padding }, 'padding')} />
        </>
      )
    case 'button':
      return (
        <>
          <DraftTextField
            label="Button label"
            value={block.text}
            insertable
            validate={oneLine('A button label', 200, true)}
            onCommit={(text) => onChange({ text }, 'text')}
          />
          <DraftTextField
            label="Button link"
            value={block.href}
            insertable
            inputMode="url"
            validate={urlProblem}
            hint="https://…, mailto:, tel: or a {{variable}}."
            onCommit={(href) => onChange({ href: href.trim() }, 'href')}
          />
          <AlignField value={block.align} onCommit={(align) => onChange({ align })} />
          <ColorField
            label="Button colour"
            value={block.backgroundColor}
            onCommit={(color) => color && onChange({ backgroundColor: color }, 'backgroundColor')}
          />
          <ColorField
            label="Label colour"
            value={block.textColor}
            onCommit={(color) => color && onChange({ textColor: color }, 'textColor')}
          />
          <NumberField
            label="Font size (px)"
            value={block.fontSize}
            min={8}
            max={72}
            onCommit={(fontSize) => onChange({ fontSize: fontSize ?? 16 }, 'fontSize')}
          />
          <NumberField
            label="Corner radius (px)"
            value={block.borderRadius}
            min={0}
            max={50}
            onCommit={(borderRadius) => onChange({ borderRadius: borderRadius ?? 0 }, 'borderRadius')}
          />
          <CheckboxField
            label="Full width"
            checked={block.fullWidth}
            onCommit={(fullWidth) => onChange({ fullWidth })}
          />
          <PaddingField value={block.padding} onCommit={(padding) => onChange({ padding }, 'padding')} />
        </>
      )
    case 'image':
      return (
        <>
          <DraftTextField
            label="Image URL"
            value={block.src}
            insertable
            inputMode="url"
            validate={urlProblem}
            hint="An https:// address of a PNG, JPEG or GIF."
            onCommit={(src) => onChange({ src: src.trim() }, 'src')}
          />
          <DraftTextField
            label="Alternative text"
            value={block.alt}
            validate={oneLine('Alternative text', 500)}
            hint="What the image shows, for screen readers and blocked images."
            onCommit={(alt) => onChange({ alt }, 'alt')}
          />
          <NumberField
            label="Width (px)"
            value={block.width}
            min={16}
            max={800}
            nullable
            hint="Empty: as wide as its column."
            onCommit={(width) => onChange({ width }, 'width')}
          />
          <DraftTextField
            label="Image link"
            value={block.href ?? ''}
            insertable
            inputMode="url"
            validate={(value) => (value.trim() === '' ? undefined : urlProblem(value))}
            hint="Empty: the image links nowhere."
            onCommit={(href) => onChange({ href: href.trim() === '' ? null : href.trim() }, 'href')}
          />
          <AlignField value={block.align} onCommit={(align) => onChange({ align })} />
          <PaddingField value={block.padding} onCommit={(padding) => onChange({ padding }, 'padding')} />
        </>
      )
    case 'divider':
      return (
        <>
          <ColorField
            label="Line colour"
            value={block.color}
            onCommit={(color) => color && onChange({ color }, 'color')}
          />
          <NumberField
            label="Thickness (px)"
            value={block.thickness}
            min={1}
            max={10}
            onCommit={(thickness) => onChange({ thickness: thickness ?? 1 }, 'thickness')}
          />
          <SelectField
            label="Line style"
            value={block.style}
            onChange={(event) => onChange({ style: event.target.value as (typeof DIVIDER_STYLES)[number] })}
          >
            {DIVIDER_STYLES.map((style) => (
              <option key={style} value={style}>
                {style[0]?.toUpperCase() + style.slice(1)}
              </option>
            ))}
          </SelectField>
          <PaddingField value={block.padding} onCommit={(padding) => onChange({ padding }, 'padding')} />
        </>
      )
    case 'spacer':
      return (
        <NumberField
          label="Height (px)"
          value={block.height}
          min={4}
          max={200}
          onCommit={(height) => onChange({ height: height ?? 24 }, 'height')}
        />
      )
    case 'columns':
      return <ColumnsProperties block={block} look={look} onChange={onChange} onLayout={onLayout} />
    case 'social':
      return <SocialProperties block={block} onChange={onChange} />
    case 'html':
      return <HtmlProperties block={block} onChange={onChange} />
    case 'blockRef':
      return <BlockRefProperties block={block} />
  }
}

function HtmlProperties({
  block,
  onChange,
}: {
  block: Extract<VisualBlock, { type: 'html' }>
  onChange: BlockChange
}) {
  const [problem, setProblem] = useState<string>()
  return (
    <>
      <div className={styles.fieldGroup}>
        <span className={styles.groupLabel}>HTML</span>
        <div className={styles.htmlCode}>
          <CodeEditor
            value={block.html}
            language="html"
            size="compact"
            label={`${BLOCK_LABELS.html} code`}
            onChange={(html) => {
              const checked = HtmlBlockSchema.shape.html.safeParse(html)
              setProblem(checked.success ? undefined : checked.error.issues[0]?.message)
              if (checked.success) onChange({ html }, 'html')
            }}
          />
        </div>
        {problem && <span className={styles.fieldError}>{problem}</span>}
        <span className={styles.hint}>
          Placed as written inside the email. Use tables and inline styles; MJML tags do not work here.
        </span>
      </div>
      <PaddingField value={block.padding} onCommit={(padding) => onChange({ padding }, 'padding')} />
    </>
  )
}
