import {
  BLOCK_NAME_PATTERN,
  BlockNameSchema,
  TEMPLATE_EDITOR_TYPES,
  type TemplateEditorType,
} from '@app/contracts'

const NAME_MAX = 64

export const BLOCK_TYPE_LABELS: Record<TemplateEditorType, string> = {
  VISUAL: 'Visual',
  MJML: 'MJML',
  HTML: 'HTML',
}

/** Why the API would refuse this block name, or undefined when it is valid. */
export function blockNameProblem(name: string, taken: ReadonlySet<string> = new Set()): string | undefined {
  const trimmed = name.trim()
  if (!trimmed) return 'Name the block.'
  const parsed = BlockNameSchema.safeParse(name)
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'This is not a valid block name.'
  if (taken.has(trimmed)) return 'Another block has this name. Choose another.'
  return undefined
}

/** A free name for a copy: `Footer copy`, then `Footer copy 2`…, at most 64 characters. */
export function blockCopyName(name: string, taken: ReadonlySet<string> = new Set()): string {
  for (let attempt = 1; attempt < 1000; attempt += 1) {
    const suffix = attempt === 1 ? ' copy' : ` copy ${attempt}`
    const candidate = `${name.slice(0, NAME_MAX - suffix.length).trimEnd()}${suffix}`
    if (!taken.has(candidate) && BLOCK_NAME_PATTERN.test(candidate)) return candidate
  }
  return `${name.slice(0, NAME_MAX - 5)} copy`
}

/** 'Not used yet', 'Used by 1 template', 'Used by 3 templates'. */
export function usedByText(count: number): string {
  if (count === 0) return 'Not used yet'
  return `Used by ${count} ${count === 1 ? 'template' : 'templates'}`
}

/** The list's type filter, kept in the address as `?type=mjml`; anything else means all types. */
export function typeFromSearch(search: URLSearchParams): TemplateEditorType | undefined {
  const value = search.get('type')?.toUpperCase()
  return TEMPLATE_EDITOR_TYPES.find((type) => type === value)
}

export function searchForType(
  search: URLSearchParams,
  type: TemplateEditorType | undefined,
): URLSearchParams {
  const next = new URLSearchParams(search)
  if (type) next.set('type', type.toLowerCase())
  else next.delete('type')
  return next
}

export interface BlockCopy {
  name: string
  /** What the editor holds: the source (MJML, HTML) or, for VISUAL, the whole document the visual editor edits. */
  source: string
}

export type BlockChanges =
  | { ok: true; body: { name?: string; source?: string }; dirty: boolean }
  | { ok: false; problem: string; dirty: true }

/**
 * What a save sends: the changed name and source. A VISUAL document goes back to the fragment it is stored as
 * (`toStored`); one without blocks cannot be saved.
 */
export function blockChanges(
  saved: { name: string; source: string },
  copy: BlockCopy,
  toStored: (source: string) => string | undefined,
): BlockChanges {
  const stored = toStored(copy.source)
  const name = copy.name.trim()
  const nameChanged = name !== saved.name
  if (stored === undefined) return { ok: false, problem: 'A block holds at least one block.', dirty: true }
  const sourceChanged = stored !== saved.source
  const body: { name?: string; source?: string } = {
    ...(nameChanged ? { name } : {}),
    ...(sourceChanged ? { source: stored } : {}),
  }
  return { ok: true, body, dirty: nameChanged || sourceChanged }
}
