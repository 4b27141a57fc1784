import { describe, expect, it } from 'vitest'
import { draftKey, draftToOffer, type LocalDraft, readDrafts, removeDrafts, writeDraft } from './local-draft'
import { sameCopy, type WorkingCopy } from './working-copy'

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value)
    },
    removeItem: (key) => {
      items.delete(key)
    },
    clear: () => items.clear(),
  }
}

const copy = (subject: string): WorkingCopy => ({
  name: 'welcome',
  subject,
  editorType: 'MJML',
  source: '<mjml></mjml>',
  textMode: 'generated',
  customText: '',
  tags: '',
  sampleSets: [],
})

const draft = (version: number, subject: string, templateId = 'T1'): LocalDraft => ({
  templateId,
  version,
  savedAt: `2025-03-0${version}T10:00:00.000Z`,
  copy: copy(subject),
})

describe('the local draft', () => {
  it('is kept per template and version, newest version first', () => {
    const storage = memoryStorage()
    writeDraft(storage, draft(2, 'two'))
    writeDraft(storage, draft(3, 'three'))
    writeDraft(storage, draft(3, 'other template', 'T2'))
    expect(readDrafts(storage, 'T1').map((item) => item.version)).toEqual([3, 2])
    expect(storage.getItem(draftKey('T1', 3))).toContain('three')
  })

  it('drops entries it cannot read', () => {
    const storage = memoryStorage()
    storage.setItem(draftKey('T1', 1), '{not json')
    storage.setItem(draftKey('T1', 2), JSON.stringify({ templateId: 'T1', version: 2 }))
    expect(readDrafts(storage, 'T1')).toEqual([])
    expect(storage.length).toBe(0)
  })

  it('is offered only when it differs from the template as it is now', () => {
    const storage = memoryStorage()
    writeDraft(storage, draft(3, 'saved subject'))
    expect(draftToOffer(storage, 'T1', copy('saved subject'), sameCopy)).toBeUndefined()
    writeDraft(storage, draft(2, 'edited long ago'))
    expect(draftToOffer(storage, 'T1', copy('saved subject'), sameCopy)?.version).toBe(2)
    removeDrafts(storage, 'T1')
    expect(readDrafts(storage, 'T1')).toEqual([])
  })

  it('says when the browser refuses to keep it', () => {
    const storage = memoryStorage()
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError')
    }
    expect(writeDraft(storage, draft(1, 'x'))).toBe(false)
  })
})
