import * as z from 'zod'
import { UlidSchema } from '../ids'
import { singleLine, wellFormedText } from '../text'

/**
 * The VISUAL editor's document (spec §1, §3): a template's `source` when its `editorType` is `VISUAL`, stored as
 * `visualDocumentSource(document)` (two-space JSON in schema key order, so versions diff line by line and the web
 * app and the API agree byte for byte on what changed). `@app/email` serialises it to MJML and compiles it through
 * the same pipeline as an MJML template.
 *
 * Every object is strict and every field required: a document is written by the editor, not by hand, and anything
 * unexpected is a clear 400 rather than a silently dropped setting. Text anywhere may hold `{{variables}}`.
 */

export const VISUAL_DOCUMENT_VERSION = 1
/** Most blocks in a document, counting those inside columns. */
export const VISUAL_MAX_BLOCKS = 300
export const VISUAL_MAX_COLUMNS = 3

/** `#rrggbb`, stored lower-case. */
export const ColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'A colour is #rrggbb.' })
  .transform((value) => value.toLowerCase())

export const ALIGNMENTS = ['left', 'center', 'right'] as const
export const AlignSchema = z.enum(ALIGNMENTS)
export type Align = z.infer<typeof AlignSchema>

const pixels = (min: number, max: number, what: string) =>
  z
    .number()
    .int({ message: `${what} is a whole number of pixels.` })
    .min(min, { message: `${what} is at least ${min}px.` })
    .max(max, { message: `${what} is at most ${max}px.` })

export const PaddingSchema = z
  .object({
    top: pixels(0, 120, 'Padding'),
    right: pixels(0, 120, 'Padding'),
    bottom: pixels(0, 120, 'Padding'),
    left: pixels(0, 120, 'Padding'),
  })
  .strict()
export type Padding = z.infer<typeof PaddingSchema>

export const FontSizeSchema = pixels(8, 72, 'A font size')

/**
 * A link or image address: https/http, mailto:, tel:, a `{{variable}}` (or one starting with it), or empty while
 * the author has not chosen one (the linter warns). Script and data URLs are refused.
 */
export const UrlSchema = z
  .string()
  .trim()
  .max(2048, { message: 'An address is at most 2048 characters.' })
  .refine((value) => value === '' || /^(https?:\/\/|mailto:|tel:|\{\{)/i.test(value), {
    message: 'An address starts with https://, http://, mailto:, tel: or a {{variable}}.',
  })

/** One run of text in a paragraph: plain, bold, italic, a link, or a line break. */
export const TextRunSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('text'),
      text: wellFormedText(z.string().min(1, { message: 'A text run is not empty.' }).max(20_000), 'Text'),
      bold: z.boolean(),
      italic: z.boolean(),
      /** Makes the run a link; null when it is not one. */
      href: UrlSchema.nullable(),
    })
    .strict(),
  z.object({ type: z.literal('break') }).strict(),
])
export type TextRun = z.infer<typeof TextRunSchema>

export const ParagraphSchema = z.object({ runs: z.array(TextRunSchema).max(500) }).strict()
export type Paragraph = z.infer<typeof ParagraphSchema>

/** Block ids: chosen by the editor, unique in the document. */
export const BlockIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, { message: 'A block id is 1–32 letters, digits, _ or -.' })

const block = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), id: BlockIdSchema, ...shape }).strict()

export const HeadingBlockSchema = block('heading', {
  text: singleLine(z.string().max(500, { message: 'A heading is at most 500 characters.' }), 'A heading'),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  align: AlignSchema,
  /** Null: the document's text colour. */
  color: ColorSchema.nullable(),
  /** Null: the level's size (28, 22, 18). */
  fontSize: FontSizeSchema.nullable(),
  padding: PaddingSchema,
})

export const TextBlockSchema = block('text', {
  paragraphs: z.array(ParagraphSchema).min(1).max(200),
  align: AlignSchema,
  color: ColorSchema.nullable(),
  fontSize: FontSizeSchema,
  /** Line height as a multiple of the font size. */
  lineHeight: z.number().min(1).max(3),
  padding: PaddingSchema,
})

export const ButtonBlockSchema = block('button', {
  text: singleLine(
    z
      .string()
      .min(1, { message: 'A button has a label.' })
      .max(200, { message: 'A button label is at most 200 characters.' }),
    'A button label',
  ),
  href: UrlSchema,
  align: AlignSchema,
  backgroundColor: ColorSchema,
  textColor: ColorSchema,
  fontSize: FontSizeSchema,
  borderRadius: pixels(0, 50, 'A corner radius'),
  /** Stretches the button across its column. */
  fullWidth: z.boolean(),
  padding: PaddingSchema,
})

export const ImageBlockSchema = block('image', {
  src: UrlSchema,
  alt: singleLine(
    z.string().max(500, { message: 'Alternative text is at most 500 characters.' }),
    'Alternative text',
  ),
  /** Null: as wide as its column. */
  width: pixels(16, 800, 'An image width').nullable(),
  /** Where a click on the image goes; null when it links nowhere. */
  href: UrlSchema.nullable(),
  align: AlignSchema,
  padding: PaddingSchema,
})

export const DIVIDER_STYLES = ['solid', 'dashed', 'dotted'] as const
export const DividerBlockSchema = block('divider', {
  color: ColorSchema,
  thickness: pixels(1, 10, 'A divider'),
  style: z.enum(DIVIDER_STYLES),
  padding: PaddingSchema,
})

export const SpacerBlockSchema = block('spacer', { height: pixels(4, 200, 'A spacer') })

export const SOCIAL_NETWORKS = [
  'facebook',
  'x',
  'instagram',
  'linkedin',
  'youtube',
  'github',
  'pinterest',
  'tiktok',
] as const
export const SocialNetworkSchema = z.enum(SOCIAL_NETWORKS)
export type SocialNetwork = z.infer<typeof SocialNetworkSchema>

export const SocialBlockSchema = block('social', {
  links: z
    .array(z.object({ network: SocialNetworkSchema, href: UrlSchema }).strict())
    .min(1, { message: 'Social links need at least one network.' })
    .max(10),
  align: AlignSchema,
  iconSize: pixels(16, 64, 'An icon'),
  padding: PaddingSchema,
})

/** Raw HTML placed as written inside the email (a table, an embed the blocks do not offer). */
export const HtmlBlockSchema = block('html', {
  html: wellFormedText(z.string(), 'A raw HTML block')
    .max(100_000, { message: 'A raw HTML block is at most 100,000 characters.' })
    .refine((value) => !/<\/?mj-/i.test(value), { message: 'A raw HTML block holds HTML, not MJML tags.' }),
  padding: PaddingSchema,
})

/** A reusable block of the organization, composed in when the template compiles. */
export const BlockRefBlockSchema = block('blockRef', { blockId: UlidSchema })

/** What a column holds: every block but columns (email layouts do not nest sections). */
export const ContentBlockSchema = z.discriminatedUnion('type', [
  HeadingBlockSchema,
  TextBlockSchema,
  ButtonBlockSchema,
  ImageBlockSchema,
  DividerBlockSchema,
  SpacerBlockSchema,
  SocialBlockSchema,
  HtmlBlockSchema,
])
export type ContentBlock = z.infer<typeof ContentBlockSchema>

export const ColumnSchema = z
  .object({
    id: BlockIdSchema,
    /** Share of the row's width in percent; the columns of a row add up to 100. */
    width: z.number().min(10).max(100),
    blocks: z.array(ContentBlockSchema).max(100),
  })
  .strict()
export type Column = z.infer<typeof ColumnSchema>

export const ColumnsBlockSchema = block('columns', {
  columns: z
    .array(ColumnSchema)
    .min(1)
    .max(VISUAL_MAX_COLUMNS, { message: `A row has at most ${VISUAL_MAX_COLUMNS} columns.` })
    .refine((columns) => Math.abs(columns.reduce((sum, column) => sum + column.width, 0) - 100) < 0.5, {
      message: 'The column widths of a row add up to 100%.',
    }),
  /** Null: the content background. */
  backgroundColor: ColorSchema.nullable(),
  padding: PaddingSchema,
})

/** What the document's top level holds. */
export const VisualBlockSchema = z.discriminatedUnion('type', [
  HeadingBlockSchema,
  TextBlockSchema,
  ButtonBlockSchema,
  ImageBlockSchema,
  DividerBlockSchema,
  SpacerBlockSchema,
  SocialBlockSchema,
  HtmlBlockSchema,
  ColumnsBlockSchema,
  BlockRefBlockSchema,
])
export type VisualBlock = z.infer<typeof VisualBlockSchema>
export type VisualBlockType = VisualBlock['type']

/** Web-safe font stacks (no web fonts: most clients would not load them). */
export const FONT_STACKS = {
  system: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  arial: 'Arial, Helvetica, sans-serif',
  verdana: 'Verdana, Geneva, sans-serif',
  tahoma: 'Tahoma, Verdana, sans-serif',
  trebuchet: "'Trebuchet MS', Helvetica, sans-serif",
  georgia: 'Georgia, Times, serif',
  times: "'Times New Roman', Times, serif",
  courier: "'Courier New', Courier, monospace",
} as const
export type FontFamily = keyof typeof FONT_STACKS
export const FONT_FAMILIES = Object.keys(FONT_STACKS) as FontFamily[]

export const DocumentStylesSchema = z
  .object({
    /** Behind the content (the page). */
    backgroundColor: ColorSchema,
    /** The content column's own background. */
    contentBackgroundColor: ColorSchema,
    /** The content's width on wide screens; it narrows to the screen on phones. */
    contentWidth: pixels(480, 800, 'The content width'),
    fontFamily: z.enum(FONT_FAMILIES as [FontFamily, ...FontFamily[]]),
    textColor: ColorSchema,
    linkColor: ColorSchema,
    /** Adds dark colours for mail clients that honour `prefers-color-scheme: dark`. */
    darkMode: z.boolean(),
  })
  .strict()
export type DocumentStyles = z.infer<typeof DocumentStylesSchema>

/** Every id in a list of blocks, in order: blocks, columns and the blocks inside them. */
export function visualBlockIds(blocks: readonly VisualBlock[]): string[] {
  return blocks.flatMap((item) =>
    item.type === 'columns'
      ? [item.id, ...item.columns.flatMap((column) => [column.id, ...column.blocks.map((inner) => inner.id)])]
      : [item.id],
  )
}

export const VisualDocumentSchema = z
  .object({
    version: z.literal(VISUAL_DOCUMENT_VERSION),
    /** The inbox preview line shown after the subject (hidden in the message). */
    preheader: singleLine(
      z.string().max(200, { message: 'A preheader is at most 200 characters.' }),
      'A preheader',
    ),
    styles: DocumentStylesSchema,
    blocks: z.array(VisualBlockSchema),
  })
  .strict()
  .superRefine((document, context) => {
    const ids = visualBlockIds(document.blocks)
    if (ids.length > VISUAL_MAX_BLOCKS) {
      context.addIssue({
        code: 'custom',
        path: ['blocks'],
        message: `A document has at most ${VISUAL_MAX_BLOCKS} blocks.`,
      })
    }
    const seen = new Set<string>()
    for (const id of ids) {
      if (seen.has(id)) {
        context.addIssue({ code: 'custom', path: ['blocks'], message: `Block id "${id}" is used twice.` })
        return
      }
      seen.add(id)
    }
  })
export type VisualDocument = z.infer<typeof VisualDocumentSchema>

/** The stored form of a document: two-space JSON in schema key order. */
export function visualDocumentSource(document: VisualDocument): string {
  return `${JSON.stringify(VisualDocumentSchema.parse(document), null, 2)}\n`
}

export interface VisualDocumentIssue {
  message: string
  /** Where in the document, as `blocks.2.href`; empty for the whole document. */
  path: string
  /** The block the problem is in, when it is in one. */
  blockId?: string
}

export type VisualDocumentParse =
  | { ok: true; document: VisualDocument }
  | { ok: false; issues: VisualDocumentIssue[] }

/** Reads a VISUAL template's source: JSON, then the schema; every problem with its path and block. */
export function parseVisualDocument(source: string): VisualDocumentParse {
  let value: unknown
  try {
    value = JSON.parse(source)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { ok: false, issues: [{ message: `The visual document is not JSON: ${reason}`, path: '' }] }
  }
  const parsed = VisualDocumentSchema.safeParse(value)
  if (parsed.success) return { ok: true, document: parsed.data }
  return {
    ok: false,
    issues: parsed.error.issues.slice(0, 20).map((issue) => {
      const blockId = blockIdAt(value, issue.path)
      return {
        message: issue.message,
        path: issue.path.map(String).join('.'),
        ...(blockId ? { blockId } : {}),
      }
    }),
  }
}

/** The id of the innermost block on `path` in the raw (unvalidated) value, if it has one. */
function blockIdAt(value: unknown, path: readonly PropertyKey[]): string | undefined {
  let current: unknown = value
  let found: string | undefined
  for (const key of path) {
    if (current === null || typeof current !== 'object') break
    current = (current as Record<PropertyKey, unknown>)[key]
    if (current !== null && typeof current === 'object' && 'type' in current && 'id' in current) {
      const id = (current as { id: unknown }).id
      if (typeof id === 'string') found = id
    }
  }
  return found
}
