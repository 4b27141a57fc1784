import * as z from 'zod'
import { type WorkingCopy, WorkingCopySchema } from './working-copy'

/**
 * The editor's local draft: every change is kept in the browser (localStorage), per template and per version it
 * was started from, so a reload, a crash or a closed tab loses nothing. Saving removes it.
 */
export const DRAFT_KEY_PREFIX = 'ses-studio:template-draft:'

export interface LocalDraft {
  templateId: string
  /** The version the draft was edited from (a save from it would PATCH with this version). */
  version: number
  savedAt: string
  copy: WorkingCopy
}

const LocalDraftSchema: z.ZodType<LocalDraft> = z.object({
  templateId: z.string(),
  version: z.number().int().min(1),
  savedAt: z.string(),
  copy: WorkingCopySchema,
})

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

export function draftKey(templateId: string, version: number): string {
  return `${DRAFT_KEY_PREFIX}${templateId}:${version}`
}

/** False when the browser refuses (storage full or disabled): the editor says the draft is not kept. */
export function writeDraft(storage: DraftStorage, draft: LocalDraft): boolean {
  try {
    storage.setItem(draftKey(draft.templateId, draft.version), JSON.stringify(draft))
    return true
  } catch {
    return false
  }
}

function keysOf(storage: DraftStorage, templateId: string): string[] {
  const prefix = `${DRAFT_KEY_PREFIX}${templateId}:`
  const keys: string[] = []
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index)
    if (key?.startsWith(prefix)) keys.push(key)
  }
  return keys
}

/** This template's drafts, newest version first; unreadable entries are dropped. */
export function readDrafts(storage: DraftStorage, templateId: string): LocalDraft[] {
  const drafts: LocalDraft[] = []
  for (const key of keysOf(storage, templateId)) {
    let value: unknown
    try {
      value = JSON.parse(storage.getItem(key) ?? 'null')
    } catch {
      value = null
    }
    const parsed = LocalDraftSchema.safeParse(value)
    if (parsed.success && parsed.data.templateId === templateId) drafts.push(parsed.data)
    else storage.removeItem(key)
  }
  return drafts.sort((a, b) => b.version - a.version || b.savedAt.localeCompare(a.savedAt))
}

export function removeDraft(storage: DraftStorage, templateId: string, version: number): void {
  storage.removeItem(draftKey(templateId, version))
}

export function removeDrafts(storage: DraftStorage, templateId: string): void {
  for (const key of keysOf(storage, templateId)) storage.removeItem(key)
}

/**
 * The draft to offer after a reload: the newest one that differs from what the template holds now. A draft of
 * an older version is offered too (someone saved meanwhile); saving it then meets the conflict dialog.
 */
export function draftToOffer(
  storage: DraftStorage,
  templateId: string,
  current: WorkingCopy,
  same: (a: WorkingCopy, b: WorkingCopy) => boolean,
): LocalDraft | undefined {
  return readDrafts(storage, templateId).find((draft) => !same(draft.copy, current))
}
