import { ContactListQuerySchema } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { contactLabel, moveActive, pickerStatus, searchTerm } from './contact-picker'

const ORG = '01JC0000000000000000000001'

describe('the preview’s contact picker', () => {
  it('asks the API only for searches it accepts', () => {
    expect(searchTerm('   ')).toBeUndefined()
    expect(searchTerm('  Ana ')).toBe('Ana')
    expect(searchTerm('an\u0000a\tb')).toBe('anab')
    // Cut at the API's 254 characters, a surrogate pair cut in two leaving no lone half.
    const long = `${'a'.repeat(253)}😀tail`
    const cut = searchTerm(long) as string
    expect(cut).toBe('a'.repeat(253))
    for (const typed of ['ana', ' x ', long, 'a\u202Eb', `${'é'.repeat(300)}`]) {
      const term = searchTerm(typed)
      const parsed = ContactListQuerySchema.safeParse({ organizationId: ORG, searchQuery: term })
      expect(parsed.success, typed).toBe(true)
    }
  })

  it('labels a contact by name and email, or email alone', () => {
    expect(contactLabel({ email: 'ana@example.com', firstName: 'Ana', lastName: 'Lima' })).toBe(
      'Ana Lima <ana@example.com>',
    )
    expect(contactLabel({ email: 'bo@example.com', firstName: null, lastName: 'Bo' })).toBe(
      'Bo <bo@example.com>',
    )
    expect(contactLabel({ email: 'x@example.com', firstName: null, lastName: null })).toBe('x@example.com')
  })

  it('moves the highlight by arrows within the list', () => {
    expect(moveActive(-1, 'ArrowDown', 3)).toBe(0)
    expect(moveActive(0, 'ArrowDown', 3)).toBe(1)
    expect(moveActive(2, 'ArrowDown', 3)).toBe(2)
    expect(moveActive(2, 'ArrowUp', 3)).toBe(1)
    expect(moveActive(0, 'ArrowUp', 3)).toBe(0)
    expect(moveActive(-1, 'ArrowUp', 3)).toBe(0)
    expect(moveActive(-1, 'ArrowDown', 0)).toBe(-1)
  })

  it('says what the list holds: loading, nothing found, how many', () => {
    expect(pickerStatus({ term: 'zed', loading: true, shown: 0, more: false })).toBe('Searching for “zed”…')
    expect(pickerStatus({ term: undefined, loading: true, shown: 0, more: false })).toBe(
      'Loading your contacts…',
    )
    expect(pickerStatus({ term: 'zed', loading: false, shown: 0, more: false })).toBe(
      'No contact matches “zed”.',
    )
    expect(pickerStatus({ term: undefined, loading: false, shown: 0, more: false })).toBe('No contacts yet.')
    expect(pickerStatus({ term: 'a', loading: false, shown: 20, more: true })).toBe(
      '20 contacts shown, more to load.',
    )
    expect(pickerStatus({ term: 'a', loading: false, shown: 1, more: false })).toBe('1 contact matches.')
    expect(pickerStatus({ term: 'a', loading: false, shown: 3, more: false })).toBe('3 contacts match.')
    expect(pickerStatus({ term: undefined, loading: false, shown: 3, more: false })).toBe('3 contacts.')
  })
})
