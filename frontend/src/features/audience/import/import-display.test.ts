import { describe, expect, it } from 'vitest'
import { importHeadline, importPercent } from './import-display'

const counts = { rows: 1200, created: 1000, updated: 0, unchanged: 0, invalid: 200, suppressed: 0 }

describe('importPercent / importHeadline', () => {
  it('follows the bytes read, and is whole once done', () => {
    expect(importPercent({ status: 'queued', progress: { bytesRead: 0, fileBytes: 0 } })).toBe(0)
    expect(importPercent({ status: 'running', progress: { bytesRead: 512, fileBytes: 2048 } })).toBe(25)
    expect(importPercent({ status: 'succeeded', progress: { bytesRead: 10, fileBytes: 2048 } })).toBe(100)
  })

  it('says where the import stands', () => {
    const progress = { bytesRead: 1024, fileBytes: 2048 }
    expect(importHeadline({ status: 'running', progress, counts }).text).toBe('Importing… 50%')
    expect(importHeadline({ status: 'succeeded', progress, counts })).toEqual({
      text: 'Done: 1,200 rows read',
      badge: 'Finished',
      color: 'green',
    })
    expect(importHeadline({ status: 'failed', progress, counts }).badge).toBe('Failed')
  })
})
