import { describe, expect, it } from 'vitest'
import { diffLines, foldUnchanged } from './version-diff'

describe('version diffs', () => {
  it('numbers lines on both sides', () => {
    const lines = diffLines([
      { kind: 'equal', value: 'a\nb\n', lines: 2 },
      { kind: 'removed', value: 'c\n', lines: 1 },
      { kind: 'added', value: 'C\nD\n', lines: 2 },
      { kind: 'equal', value: 'e', lines: 1 },
    ])
    expect(lines).toEqual([
      { kind: 'equal', before: 1, after: 1, text: 'a' },
      { kind: 'equal', before: 2, after: 2, text: 'b' },
      { kind: 'removed', before: 3, after: undefined, text: 'c' },
      { kind: 'added', before: undefined, after: 3, text: 'C' },
      { kind: 'added', before: undefined, after: 4, text: 'D' },
      { kind: 'equal', before: 4, after: 5, text: 'e' },
    ])
  })

  it('folds long unchanged stretches around the changes', () => {
    const value = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`).join('\n')
    const rows = foldUnchanged(
      diffLines([
        { kind: 'equal', value: `${value}\n`, lines: 20 },
        { kind: 'added', value: 'new\n', lines: 1 },
        { kind: 'equal', value, lines: 20 },
      ]),
      2,
    )
    expect(rows[0]).toEqual({ kind: 'skipped', count: 18 })
    expect(rows.slice(1, 6).map((row) => ('text' in row ? row.text : row.count))).toEqual([
      'line 19',
      'line 20',
      'new',
      'line 1',
      'line 2',
    ])
    expect(rows.at(-1)).toEqual({ kind: 'skipped', count: 18 })
  })
})
