import { type DocumentStyles, SOCIAL_NETWORKS, type SocialNetwork, type VisualBlock } from '@app/contracts'
import { Button } from '../../../components/ui/button'
import { SelectField } from '../../../components/ui/select-field'
import { ToggleButtons } from '../../../components/ui/toggle-buttons'
import type { BlockChange } from './block-properties'
import { AlignField, ColorField, DraftTextField, NumberField, PaddingField, urlProblem } from './fields'
import { COLUMN_PRESETS } from './new-blocks'
import styles from './visual.module.css'

/** The settings of the blocks that hold other things: a columns row's layout, a social block's links. */

const NETWORK_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  x: 'X',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  github: 'GitHub',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
}

function presetLabel(widths: readonly number[]): string {
  return widths.map((width) => Math.round(width)).join(' / ')
}

export function ColumnsProperties({
  block,
  look,
  onChange,
  onLayout,
}: {
  block: Extract<VisualBlock, { type: 'columns' }>
  look: DocumentStyles
  onChange: BlockChange
  onLayout: (widths: readonly number[]) => void
}) {
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
        Columns sit side by side on wide screens and stack on phones. Removing a column moves its blocks into
        the last one.
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

export function SocialProperties({
  block,
  onChange,
}: {
  block: Extract<VisualBlock, { type: 'social' }>
  onChange: BlockChange
}) {
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
}
