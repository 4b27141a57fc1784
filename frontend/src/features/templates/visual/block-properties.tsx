import {
  DIVIDER_STYLES,
  HtmlBlockSchema,
  type Paragraph,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  type VisualBlock,
  type VisualDocument,
} from '@app/contracts'
import { lazy, Suspense, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { SelectField } from '../../../components/ui/select-field'
import { Spinner } from '../../../components/ui/spinner'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import { CodeEditor } from '../editor/code-editor'
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
import { COLUMN_PRESETS } from './new-blocks'
import { BlockRefProperties } from './reusable-blocks'
import styles from './visual.module.css'

const RichTextEditor = lazy(() => import('./rich-text-editor'))

export const NETWORK_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  x: 'X',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  github: 'GitHub',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
}

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

function presetLabel(widths: readonly number[]): string {
  return widths.map((width) => Math.round(width)).join(' / ')
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
    case 'columns': {
      const count = block.columns.length as 1 | 2 | 3
      const current = presetLabel(block.columns.map((column) => column.width))
      return (
        <>
          <div className={styles.fieldGroup}>
            <span className={styles.groupLabel}>Number of columns</span>
            <ToggleButtons
              label="Number of columns"
              options={(['1', '2', '3'] as const).map((value) => ({ value, label: value }))}
              value={String(count) as '1' | '2' | '3'}
              onChange={(value) => onLayout(COLUMN_PRESETS[Number(value) as 1 | 2 | 3][0] ?? [100])}
            />
          </div>
          {count > 1 && (
            <div className={styles.fieldGroup}>
              <span className={styles.groupLabel}>Column widths (%)</span>
              <ToggleButtons
                label="Column widths"
                options={COLUMN_PRESETS[count].map((widths) => ({
                  value: presetLabel(widths),
                  label: presetLabel(widths),
                }))}
                value={current}
                onChange={(value) => {
                  const preset = COLUMN_PRESETS[count].find((widths) => presetLabel(widths) === value)
                  if (preset) onLayout(preset)
                }}
              />
            </div>
          )}
          <p className={styles.hint}>
            Columns sit side by side on wide screens and stack on phones. Removing a column moves its blocks
            into the last one.
          </p>
          <ColorField
            label="Row background"
            value={block.backgroundColor}
            fallback={look.contentBackgroundColor}
            onCommit={(backgroundColor) => onChange({ backgroundColor }, 'backgroundColor')}
          />
          <PaddingField value={block.padding} onCommit={(padding) => onChange({ padding }, 'padding')} />
        </>
      )
    }
    case 'social':
      return (
        <>
          <ul className={styles.socialList} aria-label="Social networks">
            {block.links.map((link, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: links are edited in place by position
              <li key={index} className={styles.socialRow}>
                <SelectField
                  label={`Network ${index + 1}`}
                  value={link.network}
                  onChange={(event) =>
                    onChange({
                      links: block.links.map((item, at) =>
                        at === index ? { ...item, network: event.target.value as SocialNetwork } : item,
                      ),
                    })
                  }
                >
                  {SOCIAL_NETWORKS.map((network) => (
                    <option key={network} value={network}>
                      {NETWORK_LABELS[network]}
                    </option>
                  ))}
                </SelectField>
                <DraftTextField
                  label={`${NETWORK_LABELS[link.network]} link`}
                  value={link.href}
                  insertable
                  inputMode="url"
                  validate={urlProblem}
                  onCommit={(href) =>
                    onChange(
                      {
                        links: block.links.map((item, at) =>
                          at === index ? { ...item, href: href.trim() } : item,
                        ),
                      },
                      `links.${index}`,
                    )
                  }
                />
                <Button
                  size="small"
                  variant="ghost"
                  disabled={block.links.length <= 1}
                  aria-label={`Remove ${NETWORK_LABELS[link.network]}`}
                  onClick={() => onChange({ links: block.links.filter((_, at) => at !== index) })}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <Button
            size="small"
            variant="secondary"
            disabled={block.links.length >= 10}
            onClick={() => {
              const used = new Set(block.links.map((link) => link.network))
              const network = SOCIAL_NETWORKS.find((item) => !used.has(item)) ?? 'facebook'
              onChange({ links: [...block.links, { network, href: '' }] })
            }}
          >
            Add a network
          </Button>
          <AlignField value={block.align} onCommit={(align) => onChange({ align })} />
          <NumberField
            label="Icon size (px)"
            value={block.iconSize}
            min={16}
            max={64}
            onCommit={(iconSize) => onChange({ iconSize: iconSize ?? 24 }, 'iconSize')}
          />
          <PaddingField value={block.padding} onCommit={(padding) => onChange({ padding }, 'padding')} />
        </>
      )
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
