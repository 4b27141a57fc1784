import { describe, expect, it } from 'vitest'
import { dateTimeText, sizeText, versionActionText, whenText } from './template-display'

const NOW = Date.parse('2025-03-10T12:00:00.000Z')

describe('template display', () => {
  it('says when, relative for the last week', () => {
    expect(whenText('2025-03-10T11:59:30.000Z', NOW)).toBe('just now')
    expect(whenText('2025-03-10T11:55:00.000Z', NOW)).toBe('5 minutes ago')
    expect(whenText('2025-03-10T09:00:00.000Z', NOW)).toBe('3 hours ago')
    expect(whenText('2025-03-09T09:00:00.000Z', NOW)).toBe('yesterday')
    expect(whenText('2025-02-01T09:00:00.000Z', NOW, 'en-US', 'UTC')).toBe('Feb 1, 2025')
    expect(dateTimeText('2025-02-01T09:05:00.000Z', 'en-US', 'UTC')).toBe('Feb 1, 2025, 9:05 AM')
  })

  it('sizes and version actions', () => {
    expect(sizeText(840)).toBe('840 B')
    expect(sizeText(12_700)).toBe('12.4 KB')
    expect(versionActionText('restore', 2)).toBe('Restored from version 2')
    expect(versionActionText('save', null)).toBe('Saved')
  })
})
