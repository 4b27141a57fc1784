import { describe, expect, it } from 'vitest'
import { DOMAIN_ERROR_STATUS, ERROR_STATUS } from './errors'

describe('error codes by domain', () => {
  it('defines each code in one domain only, so a later list never silently changes a status', () => {
    const codes = DOMAIN_ERROR_STATUS.flatMap((domain) => Object.keys(domain))
    expect(codes.filter((code, index) => codes.indexOf(code) !== index)).toEqual([])
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...codes].sort())
  })

  it('gives every code a 4xx or 5xx status', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(status >= 400 && status < 600, code).toBe(true)
    }
  })
})
