import { CONTACT_EXPORT_COLUMNS } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { attributeNameFor, columnsOption, mappingProblems, suggestMapping } from './column-mapping'

describe('attributeNameFor', () => {
  it('turns a header into an attribute name usable as a template variable', () => {
    expect(attributeNameFor('First name')).toBe('firstName')
    expect(attributeNameFor('Prénom')).toBe('prenom')
    expect(attributeNameFor('company_size')).toBe('companySize')
    expect(attributeNameFor('2nd phone')).toBe('ndPhone2')
    expect(attributeNameFor('¿?')).toBe('')
  })
})

describe('suggestMapping', () => {
  it('finds the email column, names the others, and skips what cannot be named or repeats', () => {
    expect(suggestMapping(['Name', 'E-mail', 'Given name', 'Surname', 'plan', 'Plan', '!!'])).toEqual([
      { kind: 'attribute', name: 'name' },
      { kind: 'email' },
      { kind: 'attribute', name: 'firstName' },
      { kind: 'attribute', name: 'lastName' },
      { kind: 'attribute', name: 'plan' },
      { kind: 'skip' },
      { kind: 'skip' },
    ])
  })
})

describe('mappingProblems / columnsOption', () => {
  const headers = ['Email', 'First name', 'Plan']

  it('needs exactly one email column and valid, distinct attribute names', () => {
    expect(mappingProblems(headers, [{ kind: 'skip' }, { kind: 'skip' }, { kind: 'skip' }]).overall).toMatch(
      /email addresses/,
    )
    expect(
      mappingProblems(headers, [{ kind: 'email' }, { kind: 'email' }, { kind: 'skip' }]).overall,
    ).toMatch(/Only one/)
    const bad = mappingProblems(headers, [
      { kind: 'email' },
      { kind: 'attribute', name: '1st' },
      { kind: 'attribute', name: 'plan' },
    ])
    expect(bad.overall).toBeUndefined()
    expect(Object.keys(bad.columns)).toEqual(['1'])
    const twice = mappingProblems(headers, [
      { kind: 'email' },
      { kind: 'attribute', name: 'plan' },
      { kind: 'attribute', name: 'plan' },
    ])
    expect(twice.columns[2]).toMatch(/First name/)
  })

  it('sends the email header and each attribute with its header', () => {
    expect(
      columnsOption(headers, [{ kind: 'email' }, { kind: 'attribute', name: 'firstName' }, { kind: 'skip' }]),
    ).toEqual({ email: 'Email', attributes: { firstName: 'First name' } })
  })
})

describe('suggestMapping of our own export', () => {
  const exported = [...CONTACT_EXPORT_COLUMNS]

  it('maps the names, reads `attributes` as JSON and skips status and bookkeeping, with no manual mapping', () => {
    const choices = suggestMapping(exported)
    expect(choices).toEqual([
      { kind: 'email' },
      { kind: 'attribute', name: 'firstName' },
      { kind: 'attribute', name: 'lastName' },
      { kind: 'skip' },
      { kind: 'skip' },
      { kind: 'skip' },
      { kind: 'attributes-json' },
      { kind: 'skip' },
      { kind: 'skip' },
    ])
    expect(columnsOption(exported, choices)).toEqual({
      email: 'email',
      attributes: { firstName: 'firstName', lastName: 'lastName' },
      attributesJson: 'attributes',
    })
    expect(mappingProblems(exported, choices)).toEqual({ columns: {} })
    expect(
      mappingProblems(
        exported,
        choices.map((choice, index) => (index > 6 ? { kind: 'attributes-json' } : choice)),
      ).overall,
    ).toBe('Only one column can hold attributes as JSON.')
  })

  it('keeps a column named status as an attribute in a file that is not our export', () => {
    expect(suggestMapping(['email', 'status'])).toEqual([
      { kind: 'email' },
      { kind: 'attribute', name: 'status' },
    ])
  })
})
