import type { DiffChange } from '@app/contracts'

export interface DiffLine {
  kind: 'equal' | 'added' | 'removed'
  /** Line number in the older version (absent for added lines). */
  before: number | undefined
  /** Line number in the newer version (absent for removed lines). */
  after: number | undefined
  text: string
}

export type DiffRow = DiffLine | { kind: 'skipped'; count: number }

function linesOf(value: string): string[] {
  const lines = value.split('\n')
  if (lines.length > 1 && lines.at(-1) === '') lines.pop()
  return lines
}

/** The API's runs of lines as numbered lines on both sides. */
export function diffLines(changes: readonly DiffChange[]): DiffLine[] {
  const out: DiffLine[] = []
  let before = 1
  let after = 1
  for (const change of changes) {
    for (const text of linesOf(change.value)) {
      if (change.kind === 'equal') out.push({ kind: 'equal', before: before++, after: after++, text })
      else if (change.kind === 'removed')
        out.push({ kind: 'removed', before: before++, after: undefined, text })
      else out.push({ kind: 'added', before: undefined, after: after++, text })
    }
  }
  return out
}

/** Long unchanged stretches fold to "n unchanged lines", keeping `context` lines around each change. */
export function foldUnchanged(lines: readonly DiffLine[], context = 3): DiffRow[] {
  const keep = lines.map(() => false)
  lines.forEach((line, index) => {
    if (line.kind === 'equal') return
    for (let at = Math.max(0, index - context); at <= Math.min(lines.length - 1, index + context); at += 1) {
      keep[at] = true
    }
  })
  const rows: DiffRow[] = []
  let skipped = 0
  lines.forEach((line, index) => {
    if (keep[index]) {
      if (skipped) rows.push({ kind: 'skipped', count: skipped })
      skipped = 0
      rows.push(line)
    } else skipped += 1
  })
  if (skipped) rows.push({ kind: 'skipped', count: skipped })
  return rows
}
