import { type DocumentStyles, FONT_FAMILIES, type FontFamily, type VisualDocument } from '@app/contracts'
import { SelectField } from '../../../components/ui/select-field'
import { CheckboxField, ColorField, DraftTextField, NumberField } from './fields'

const FONT_LABELS: Record<FontFamily, string> = {
  system: 'System (the reader’s own)',
  arial: 'Arial',
  verdana: 'Verdana',
  tahoma: 'Tahoma',
  trebuchet: 'Trebuchet MS',
  georgia: 'Georgia',
  times: 'Times New Roman',
  courier: 'Courier New',
}

/** The whole email's look: colours, width, font, dark mode, and the preheader. */
export function StylePanel({
  document,
  onStyles,
  onPreheader,
}: {
  document: VisualDocument
  onStyles: (patch: Partial<DocumentStyles>, field?: string) => void
  onPreheader: (preheader: string) => void
}) {
  const look = document.styles
  return (
    <>
      <DraftTextField
        label="Preheader"
        value={document.preheader}
        insertable
        placeholder="A line inbox lists show after the subject"
        validate={(value) => (value.length > 200 ? 'A preheader is at most 200 characters.' : undefined)}
        hint="The line inbox lists show after the subject; hidden in the message."
        onCommit={onPreheader}
      />
      <ColorField
        label="Page background"
        value={look.backgroundColor}
        onCommit={(color) => color && onStyles({ backgroundColor: color }, 'backgroundColor')}
      />
      <ColorField
        label="Content background"
        value={look.contentBackgroundColor}
        onCommit={(color) => color && onStyles({ contentBackgroundColor: color }, 'contentBackgroundColor')}
      />
      <NumberField
        label="Content width (px)"
        value={look.contentWidth}
        min={480}
        max={800}
        hint="On wide screens; phones narrow it to the screen. 600 suits most clients."
        onCommit={(width) => onStyles({ contentWidth: width ?? 600 }, 'contentWidth')}
      />
      <SelectField
        label="Font"
        value={look.fontFamily}
        onChange={(event) => onStyles({ fontFamily: event.target.value as FontFamily })}
        hint="Web-safe fonts only: most mail clients do not load web fonts."
      >
        {FONT_FAMILIES.map((family) => (
          <option key={family} value={family}>
            {FONT_LABELS[family]}
          </option>
        ))}
      </SelectField>
      <ColorField
        label="Text colour"
        value={look.textColor}
        onCommit={(color) => color && onStyles({ textColor: color }, 'textColor')}
      />
      <ColorField
        label="Link colour"
        value={look.linkColor}
        onCommit={(color) => color && onStyles({ linkColor: color }, 'linkColor')}
      />
      <CheckboxField
        label="Dark mode"
        checked={look.darkMode}
        hint="Dark colours for mail clients that follow the reader’s dark setting."
        onCommit={(darkMode) => onStyles({ darkMode })}
      />
    </>
  )
}
