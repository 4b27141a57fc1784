import {
  parseVisualDocument,
  type VisualDocument,
  type VisualDocumentIssue,
  VisualDocumentSchema,
  visualDocumentSource,
} from '@app/contracts'
import { useRef, useState } from 'react'
import { canRedo, canUndo, commit, type History, redo, startHistory, undo } from './history'

type State =
  | { ok: true; history: History<VisualDocument>; source: string }
  | { ok: false; issues: VisualDocumentIssue[]; source: string }

function stateOf(source: string): State {
  const parsed = parseVisualDocument(source)
  return parsed.ok
    ? { ok: true, history: startHistory(parsed.document), source }
    : { ok: false, issues: parsed.issues, source }
}

/**
 * The working copy's source as a document with undo and redo. Every change goes out as the canonical source; a
 * source changed from outside (a restored draft, a reload after a conflict) starts a fresh history.
 */
export function useVisualDocument(source: string, onSource: (source: string) => void) {
  const [state, setState] = useState<State>(() => stateOf(source))
  const latest = useRef(state)
  latest.current = state
  if (source !== state.source) {
    const next = stateOf(source)
    latest.current = next
    setState(next)
  }

  function show(history: History<VisualDocument>, text = visualDocumentSource(history.present)) {
    const next: State = { ok: true, history, source: text }
    latest.current = next
    setState(next)
    onSource(text)
  }

  return {
    state,
    /** The change as one undo step (or part of the last one, for the same `key` within a pause). */
    apply(document: VisualDocument, key?: string): string | undefined {
      const current = latest.current
      if (!current.ok) return 'The document cannot be edited until its problems are fixed.'
      const checked = VisualDocumentSchema.safeParse(document)
      if (!checked.success) return checked.error.issues[0]?.message ?? 'That change is not valid.'
      const text = visualDocumentSource(checked.data)
      // A drop back where the block was, or a field set to what it holds: no step to undo.
      if (text === current.source) return undefined
      show(commit(current.history, document, { key }), text)
      return undefined
    },
    undo() {
      const current = latest.current
      if (current.ok && canUndo(current.history)) show(undo(current.history))
    },
    redo() {
      const current = latest.current
      if (current.ok && canRedo(current.history)) show(redo(current.history))
    },
  }
}
