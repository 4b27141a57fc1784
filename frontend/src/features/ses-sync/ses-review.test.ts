import { describe, expect, it } from 'vitest'
import { editorChangeText, reviewSummary } from './ses-review'
import { publishLabel } from './ses-sync-display'

const review = {
  sesName: 'welcome',
  awsAccountName: 'Production',
  ours: { subject: 'Hi', html: '<p>x</p>', text: 'x', version: 3 },
  parts: [
    { part: 'subject' as const, changed: true, changes: [] },
    { part: 'html' as const, changed: false, changes: [] },
    { part: 'text' as const, changed: true, changes: [] },
  ],
}

describe('reviewing a change made in SES', () => {
  it('says what changed where, or that there is nothing to resolve', () => {
    expect(reviewSummary({ ...review, state: 'drifted' })).toBe(
      "'welcome' in the SES of Production was changed outside SES Studio (subject, text part) after version 3 was published.",
    )
    expect(reviewSummary({ ...review, state: 'in_sync' })).toMatch(/nothing to resolve/)
    expect(reviewSummary({ ...review, state: 'missing_in_ses' })).toMatch(/no longer exists/)
  })

  it('warns that a visual or MJML template becomes an HTML template, and says nothing for HTML', () => {
    expect(editorChangeText('HTML')).toBeUndefined()
    expect(editorChangeText('VISUAL')).toMatch(/leaves the visual editor.*restore it from History/)
    expect(editorChangeText('MJML')).toMatch(/leaves the MJML editor/)
  })

  it('names on the publish button what goes out and what is skipped (changed in SES, not ticked)', () => {
    expect(publishLabel(3, ['a'], new Set())).toBe('Publish 2, skip 1')
    expect(publishLabel(3, ['a'], new Set(['a']))).toBe('Publish 3')
    expect(publishLabel(1, ['a'], new Set())).toBe('Publish none')
  })
})
