import { describe, expect, it } from 'vitest'
import { maskEmail } from './mask'

describe('maskEmail', () => {
  it('keeps the first and last letter of the name and the first of the domain', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j•••e@e•••.com')
    expect(maskEmail('jo@mail.example.co.uk')).toBe('j•••@m•••.uk')
    expect(maskEmail('x@localhost')).toBe('x•••@l•••')
  })
})
