import type { Template } from '@app/contracts'
import { useEffect, useRef, useState } from 'react'
import { draftToOffer, type LocalDraft, removeDraft, removeDrafts, writeDraft } from './local-draft'
import { changesFrom, hasChanges, sameCopy, type WorkingCopy, workingCopyOf } from './working-copy'

export type DraftStatus = 'none' | 'kept' | 'refused' | 'waiting'

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/**
 * Keeps the working copy in localStorage after every change (per template and version), and finds the draft a
 * previous visit left. While that draft waits for 'Restore draft' or 'Discard', nothing overwrites it.
 */
export function useLocalDraft(base: Template, copy: WorkingCopy) {
  const storage = browserStorage()
  const [offer, setOffer] = useState<LocalDraft | undefined>(() =>
    storage ? draftToOffer(storage, base.id, workingCopyOf(base), sameCopy) : undefined,
  )
  const [status, setStatus] = useState<DraftStatus>('none')
  const latest = useRef({ base, copy, offer })
  latest.current = { base, copy, offer }

  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of base or copy is what triggers a write
  useEffect(() => {
    if (!storage) return
    const persist = () => {
      const { base, copy, offer } = latest.current
      if (!hasChanges(changesFrom(base, copy))) {
        if (!offer) removeDraft(storage, base.id, base.version)
        setStatus('none')
        return
      }
      if (offer) {
        setStatus('waiting')
        return
      }
      const kept = writeDraft(storage, {
        templateId: base.id,
        version: base.version,
        savedAt: new Date().toISOString(),
        copy,
      })
      setStatus(kept ? 'kept' : 'refused')
    }
    const timer = setTimeout(persist, 300)
    // A reload or a closed tab within the pause still keeps the last keystrokes.
    window.addEventListener('pagehide', persist)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('pagehide', persist)
    }
  }, [storage, base, copy])

  return {
    offer,
    status: storage ? status : ('refused' as const),
    /** The user took the offered draft (it is written again on the next change). */
    accept() {
      setOffer(undefined)
    },
    discard() {
      if (storage && offer) removeDraft(storage, offer.templateId, offer.version)
      setOffer(undefined)
    },
    /** After a save: the drafts of this template are in the saved version now. */
    clear(templateId: string) {
      if (storage) removeDrafts(storage, templateId)
      setOffer(undefined)
      setStatus('none')
    },
  }
}
